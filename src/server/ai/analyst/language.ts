/**
 * Questions in German, Spanish, French, Italian or Dutch: the analyst recognises which language it is and reads the
 * finance words it knows as their English counterparts, so it answers the question that was asked (in English,
 * saying so) rather than some other question its English patterns happen to match.
 */

interface Language {
  name: string;
  /** Words typical of the language and not English words, to tell it apart. */
  markers: RegExp;
  /** Phrases to English, longest first where they overlap. */
  phrases: [RegExp, string][];
}

/** Word edges that know accented letters ('è', 'año'): JavaScript's \b treats them as non-word characters. */
const EDGE = '(?:(?<![\\p{L}\\p{N}])(?=[\\p{L}\\p{N}])|(?<=[\\p{L}\\p{N}])(?![\\p{L}\\p{N}]))';
const unicode = (re: RegExp) => new RegExp(re.source.replace(/\\b/g, EDGE), 'gu');

const WRITTEN: Language[] = [
  {
    name: 'German',
    markers:
      /\b(wie|ist|der|und|von|sich|diese[ns]?|heute|kostet|sind|über|vergleiche?|aktien?|kurs|entwickelt|größten|gewinner|verlierer|monaten?|woche|jahr|warum|gestiegen|gefallen)\b/g,
    phrases: [
      [/\bdiese woche\b/g, 'this week'],
      [/\bdieses jahr\b/g, 'this year'],
      [/\bdiesen monat\b/g, 'this month'],
      [/\bvergleiche?n?\b/g, 'compare'],
      [/\bkurs\b|\bpreis\b|\bkostet\b/g, 'price'],
      [/\bheute\b/g, 'today'],
      [/\bentwickelt\b/g, 'performed'],
      [/\b(größten|grössten) gewinner\b|\bgewinner\b/g, 'top gainers'],
      [/\b(größten|grössten) verlierer\b|\bverlierer\b/g, 'top losers'],
      [/\bmonaten?\b/g, 'months'],
      [/\bjahren?\b/g, 'years'],
      [/\bwoche\b/g, 'week'],
      [/\büber\b/g, 'over'],
      [/\bund\b/g, 'and'],
      [/\bwarum\b/g, 'why'],
      [/\bprognose\b/g, 'forecast'],
    ],
  },
  {
    name: 'Spanish',
    markers: /\b(cuál|cuánto|precio|compara|y|cómo|fue|este|año|acciones?|hoy|semana|meses|qué|por qué)\b/g,
    phrases: [
      [/\beste año\b/g, 'this year'],
      [/\besta semana\b/g, 'this week'],
      [/\beste mes\b/g, 'this month'],
      [/\bcompara\w*\b/g, 'compare'],
      [/\bprecio\b/g, 'price'],
      [/\bhoy\b/g, 'today'],
      [/\ble fue\b/g, 'performed'],
      [/\bmeses\b/g, 'months'],
      [/\by\b/g, 'and'],
    ],
  },
  {
    name: 'French',
    markers: /\b(quel(le)?|prix|comparer?|comment|porte|cette|semaine|mois|année|aujourd'hui|sur|et|est)\b/g,
    phrases: [
      [/\bcette semaine\b/g, 'this week'],
      [/\bcette année\b/g, 'this year'],
      [/\bce mois\b/g, 'this month'],
      [/\bcompare[rz]?\b/g, 'compare'],
      [/\bprix\b/g, 'price'],
      [/\baujourd'hui\b/g, 'today'],
      [/\bse porte\b/g, 'performed'],
      [/\bsur (\d+) mois\b/g, 'over $1 months'],
      [/\bmois\b/g, 'months'],
      [/\bet\b/g, 'and'],
    ],
  },
  {
    name: 'Italian',
    markers: /\b(qual|prezzo|confronta|oggi|settimana|anno|mesi|azioni?|è|il|di)\b/g,
    phrases: [
      [/\bquest'anno\b/g, 'this year'],
      [/\bquesta settimana\b/g, 'this week'],
      [/\bconfronta\b/g, 'compare'],
      [/\bprezzo\b/g, 'price'],
      [/\boggi\b/g, 'today'],
      [/\bmesi\b/g, 'months'],
    ],
  },
  {
    name: 'Dutch',
    markers: /\b(hoe|doet|het|dit|jaar|deze|prijs|koers|vergelijk|vandaag|aandelen?)\b/g,
    phrases: [
      [/\bdit jaar\b/g, 'this year'],
      [/\bdeze week\b/g, 'this week'],
      [/\bdoet\b/g, 'performed'],
      [/\bprijs\b|\bkoers\b/g, 'price'],
      [/\bvergelijk\b/g, 'compare'],
      [/\bvandaag\b/g, 'today'],
    ],
  },
];

const LANGUAGES: Language[] = WRITTEN.map((l) => ({
  ...l,
  markers: unicode(l.markers),
  phrases: l.phrases.map(([re, to]): [RegExp, string] => [unicode(re), to]),
}));

/** Two marker words at least: one could be a name or a loan word. */
const MIN_MARKERS = 2;

export interface ReadLanguage {
  /** The language's English name, null for English. */
  language: string | null;
  /** The question (lower case) with the finance words it knows in English. */
  english: string;
}

/** Reads a lower-cased question: its language, and the question in the analyst's English keywords. */
export function readLanguage(q: string): ReadLanguage {
  let best: { language: Language; hits: number } | null = null;
  for (const language of LANGUAGES) {
    const hits = new Set(q.match(language.markers) ?? []).size;
    if (hits >= MIN_MARKERS && (!best || hits > best.hits)) best = { language, hits };
  }
  if (!best) return { language: null, english: q };
  let english = q;
  for (const [re, to] of best.language.phrases) english = english.replace(re, to);
  return { language: best.language.name, english };
}

/** The sentence that says the answer is in English, for a question asked in another language. */
export const inEnglishNote = (language: string) => `_You asked in ${language}; I answer in English._`;
