/**
 * Questions in German, Spanish, Portuguese, French, Italian or Dutch: which language it is (the answer says it is in English),
 * and an English reading of its periods and dates ('seit Januar', 'hace 5 años', 'dit jaar') for chrono where its own
 * locale misses them. The intent of such a question is the classifier's (intents/data has their paraphrases).
 */

/** Month names of the other languages, to the English chrono reads. */
const MONTHS_EN: Record<string, string> = {
  januar: 'january',
  februar: 'february',
  märz: 'march',
  mai: 'may',
  juni: 'june',
  juli: 'july',
  oktober: 'october',
  dezember: 'december',
  enero: 'january',
  febrero: 'february',
  marzo: 'march',
  abril: 'april',
  mayo: 'may',
  junio: 'june',
  julio: 'july',
  agosto: 'august',
  septiembre: 'september',
  octubre: 'october',
  noviembre: 'november',
  diciembre: 'december',
  janvier: 'january',
  février: 'february',
  mars: 'march',
  avril: 'april',
  juin: 'june',
  juillet: 'july',
  août: 'august',
  septembre: 'september',
  octobre: 'october',
  novembre: 'november',
  décembre: 'december',
  janeiro: 'january',
  fevereiro: 'february',
  março: 'march',
  maio: 'may',
  junho: 'june',
  julho: 'july',
  setembro: 'september',
  outubro: 'october',
  novembro: 'november',
  dezembro: 'december',
  gennaio: 'january',
  febbraio: 'february',
  aprile: 'april',
  maggio: 'may',
  giugno: 'june',
  luglio: 'july',
  settembre: 'september',
  ottobre: 'october',
  dicembre: 'december',
  januari: 'january',
  februari: 'february',
  maart: 'march',
  mei: 'may',
  augustus: 'august',
};

interface Language {
  name: string;
  /** Words typical of the language and not English words, to tell it apart. */
  markers: RegExp;
  /** Phrases to English, longest first where they overlap. */
  phrases: [RegExp, string | ((match: string) => string)][];
}

/** Portuguese counts and units as chrono's English reads them ('há dois anos' is '2 years ago'). */
const PT_COUNTS: Record<string, string> = { um: '1', uma: '1', dois: '2', duas: '2', três: '3', cinco: '5', dez: '10' };
const PT_UNITS: Record<string, string> = {
  ano: 'years',
  mese: 'months',
  mês: 'months',
  semana: 'weeks',
  dia: 'days',
};

/** Word edges that know accented letters ('è', 'año'): JavaScript's \b treats them as non-word characters. */
const EDGE = '(?:(?<![\\p{L}\\p{N}])(?=[\\p{L}\\p{N}])|(?<=[\\p{L}\\p{N}])(?![\\p{L}\\p{N}]))';
const unicode = (re: RegExp) => new RegExp(re.source.replace(/\\b/g, EDGE), 'gu');

const WRITTEN: Language[] = [
  {
    name: 'German',
    markers:
      /\b(wie|ist|der|und|von|sich|diese[ns]?|heute|kostet|sind|über|vergleiche?|aktien?|kurs|entwickelt|größten|gewinner|verlierer|monaten?|woche|jahr|jahren|warum|gestiegen|gefallen|wann|mein|meine|ich|habe|nächste[nr]?|soll|sollte|mehr|kaufen|die|das|beiden|börse|geöffnet|dividende)\b/g,
    phrases: [
      [
        /\b(januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember)\b/g,
        (m: string) => MONTHS_EN[m] ?? m,
      ],
      [/\bvor (\d+|einem|einen|zwei|drei|fünf|zehn) (jahren?|monaten?|wochen?|tagen?)\b/g, '$1 $2 ago'],
      [/\bim letzten jahr\b/g, 'over the last year'],
      [/\bseit jahresbeginn\b|\bseit anfang des jahres\b/g, 'year to date'],
      [/\bletztes jahr\b/g, 'last year'],
      [/\bdiese woche\b/g, 'this week'],
      [/\bdieses jahr\b/g, 'this year'],
      [/\bdiesen monat\b/g, 'this month'],
      [/\bvergleiche?n?\b/g, 'compare'],
      [/\bkurs\b|\bpreis\b|\bkostet\b/g, 'price'],
      [/\bheute\b/g, 'today'],
      [/(?<!guten |heute )\bmorgen\b/g, 'tomorrow'],
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
      [/\bseit\b/g, 'since'],
    ],
  },
  {
    name: 'Spanish',
    markers:
      /\b(cuál|cuánto|cuándo|precio|compara|y|cómo|fue|este|año|años|acciones?|hoy|semana|meses|qué|por qué|hace|mi|cartera|invertidos|dólares|valdrían|frente|el|la|los|del|es|está|bolsa|abierta|dividendo)\b/g,
    phrases: [
      [
        /\b(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\b/g,
        (m: string) => MONTHS_EN[m] ?? m,
      ],
      [/\bhace (\d+|un|una|dos|tres|cinco|diez) (años?|meses|mes|semanas?|días?)\b/g, '$1 $2 ago'],
      [/\beste año\b/g, 'this year'],
      [/\besta semana\b/g, 'this week'],
      [/\beste mes\b/g, 'this month'],
      [/\bcompara\w*\b/g, 'compare'],
      [/\bprecio\b/g, 'price'],
      [/\bhoy\b/g, 'today'],
      [/(?<!la |esta )\bmañana\b/g, 'tomorrow'],
      [/\ble fue\b/g, 'performed'],
      [/\bmeses\b/g, 'months'],
      [/\by\b/g, 'and'],
      // Phrases with 'año' before the word alone.
      [/\b(en )?el último año\b/g, 'over the last year'],
      [/\bel año pasado\b/g, 'last year'],
      [/\ben lo que va de año\b|\bdesde principios de año\b/g, 'year to date'],
      [/\baños?\b/g, 'years'],
      [/\bdesde\b/g, 'since'],
    ],
  },
  {
    name: 'French',
    markers:
      /\b(quel(le)?|prix|comparer?|comment|porte|cette|semaine|mois|année|aujourd'hui|sur|et|est|combien|dans|ans|les|des|du|une|mon|quand|vaudraient|investis|bourse|ouverte|ouvert|fermée|rendement|dividende|dividendes|depuis|elle|elles|ils|verse|paie|résultats|prochains?|marché|cours)\b/g,
    phrases: [
      [
        /\b(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)\b/g,
        (m: string) => MONTHS_EN[m] ?? m,
      ],
      [/\bil y a (\d+|un|une|deux|trois|cinq|dix) (ans?|années?|mois|semaines?|jours?)\b/g, '$1 $2 ago'],
      [/\bcette semaine\b/g, 'this week'],
      [/\bcette année\b/g, 'this year'],
      [/\bce mois\b/g, 'this month'],
      [/\bcompare[rz]?\b/g, 'compare'],
      [/\bprix\b/g, 'price'],
      [/\baujourd'hui\b/g, 'today'],
      [/\bdemain\b/g, 'tomorrow'],
      [/\bse porte\b/g, 'performed'],
      [/\bsur (\d+) mois\b/g, 'over $1 months'],
      [/\bmois\b/g, 'months'],
      [/\bet\b/g, 'and'],
      [/\bans\b|\bannées\b/g, 'years'],
      [/\bdepuis le début de l'année\b/g, 'year to date'],
      [/\bl'année dernière\b|\bl'an dernier\b/g, 'last year'],
      [/\bdepuis\b/g, 'since'],
    ],
  },
  {
    name: 'Italian',
    markers:
      /\b(qual|prezzo|confronta|oggi|settimana|anno|anni|mesi|azioni?|è|il|di|quanto|quando|fa|mio|della|del|borsa|aperta|investiti|varrebbero|prossimo)\b/g,
    phrases: [
      [
        /\b(gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)\b/g,
        (m: string) => MONTHS_EN[m] ?? m,
      ],
      [/\b(\d+|un|due|tre|cinque|dieci) (anni|anno|mesi|mese|settimane|giorni) fa\b/g, '$1 $2 ago'],
      [/\bnell'ultimo anno\b|\bnegli ultimi 12 mesi\b/g, 'over the last year'],
      [/\bnegli ultimi (\d+) (anni|mesi|giorni)\b/g, (m: string) => `over the last ${m.replace(/^negli ultimi /, '')}`],
      [/\bquest'anno\b/g, 'this year'],
      [/\bquesta settimana\b/g, 'this week'],
      [/\bconfronta\b/g, 'compare'],
      [/\bprezzo\b/g, 'price'],
      [/\boggi\b/g, 'today'],
      [/\bdomani\b/g, 'tomorrow'],
      [/\bmesi\b/g, 'months'],
      [/\banni\b/g, 'years'],
      [/\bda inizio anno\b|\bdall'inizio dell'anno\b/g, 'year to date'],
      [/\bl'anno scorso\b/g, 'last year'],
      [/\bdal?\b/g, 'since'],
    ],
  },
  {
    // After Spanish: the words the two share ('bolsa', 'está') count for both, and a tie goes to Spanish.
    name: 'Portuguese',
    markers:
      /\b(qual|quanto|quantos|quando|preço|cotação|hoje|amanhã|ações|ação|há|anos|ano|último|últimos|foi|minha|meu|carteira|valeriam|valeria|investidos|aberta|fechada|divulga|bolsa|rendimento|é|um|uma|está|da|na|nos|devo|comprar|vale)\b/g,
    phrases: [
      [
        /\b(janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\b/g,
        (m: string) => MONTHS_EN[m] ?? m,
      ],
      [
        /\bhá (\d+|um|uma|dois|duas|três|cinco|dez) (anos?|meses|mês|semanas?|dias?)\b/g,
        (m: string) => {
          const [, count, unit] = /^há (\S+) (\S+)$/.exec(m) ?? [];
          return `${PT_COUNTS[count] ?? count} ${PT_UNITS[unit.replace(/s$/, '')] ?? unit} ago`;
        },
      ],
      [/\b(no|durante o) último ano\b|\bnos últimos 12 meses\b/g, 'over the last year'],
      [/\bnos últimos (\d+) (anos|meses|dias)\b/g, (m: string) => `over the last ${m.replace(/^nos últimos /, '')}`],
      [/\beste ano\b/g, 'this year'],
      [/\besta semana\b/g, 'this week'],
      [/\beste mês\b/g, 'this month'],
      [/\b(o )?ano passado\b/g, 'last year'],
      [/\bdesde o (início|começo) do ano\b|\bno acumulado do ano\b/g, 'year to date'],
      [/\bcompar\w*\b/g, 'compare'],
      [/\bpreço\b|\bcotação\b/g, 'price'],
      [/\bhoje\b/g, 'today'],
      [/\bamanhã\b/g, 'tomorrow'],
      [/\bmeses\b/g, 'months'],
      [/\banos?\b/g, 'years'],
      [/\be\b/g, 'and'],
      [/\bdesde\b/g, 'since'],
    ],
  },
  {
    name: 'Dutch',
    markers:
      /\b(hoe|doet|het|dit|jaar|deze|prijs|koers|vergelijk|vandaag|aandelen?|wanneer|geleden|mijn|beurs|waard|zou|volgende|van|morgen|gesloten|ontvangen)\b/g,
    phrases: [
      [
        /\b(januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december)\b/g,
        (m: string) => MONTHS_EN[m] ?? m,
      ],
      [/\b(\d+|een|twee|drie|vijf|tien) (jaar|jaren|maanden|maand|weken|week|dagen) geleden\b/g, '$1 $2 ago'],
      [/\bdit jaar\b/g, 'this year'],
      [/\bdeze week\b/g, 'this week'],
      [/\bdoet\b/g, 'performed'],
      [/\bprijs\b|\bkoers\b/g, 'price'],
      [/\bvergelijk\b/g, 'compare'],
      [/\bvandaag\b/g, 'today'],
      [/\bmorgen\b/g, 'tomorrow'],
      [/\bsinds begin dit jaar\b|\bdit jaar tot nu toe\b/g, 'year to date'],
      [/\bvorig jaar\b/g, 'last year'],
      [/\bsinds\b/g, 'since'],
    ],
  },
];

const LANGUAGES: Language[] = WRITTEN.map((l) => ({
  ...l,
  markers: unicode(l.markers),
  phrases: l.phrases.map(([re, to]): [RegExp, string | ((match: string) => string)] => [unicode(re), to]),
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
  for (const [re, to] of best.language.phrases)
    english = typeof to === 'string' ? english.replace(re, to) : english.replace(re, to);
  return { language: best.language.name, english };
}

/** The sentence that says the answer is in English, for a question asked in another language. */
export const inEnglishNote = (language: string) => `_You asked in ${language}; I answer in English._`;
