import { editDistance } from './editDistance';
import { isEnglishWord } from './englishWords';

/**
 * Period words as people type them, written out before anything reads the question: shorthands ('1 yr', '3mo',
 * '6 mths', '2 wks', 'qtr'), numbers glued to their unit ('5yrs'), the year to date spelt with dots or dashes
 * ('y.t.d.', 'yr to date'), and typos of the unit words ('5 yeras', '6 monts', 'last yaer', 'last qaurter').
 * chrono-node reads only the written-out words; without this a misspelt period was silently the default range.
 *
 * A word is taken for a unit only where a unit stands: after a number, a number word or a word that introduces a
 * period ('last', 'past', 'this', 'next'), so a company or an everyday word elsewhere in the question is untouched
 * ('MO' is Altria, 'yr' alone is nothing). '5 years back' is written '5 years ago'. A typo is one edit (a swap of two letters counts as one) from the unit,
 * two for 'quarter'; an everyday English word ('pay', 'weak', 'moth') is meant as written.
 */

const UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;

/** Shorthands of the units, to the unit. */
const SHORTHANDS: Record<string, (typeof UNITS)[number]> = {
  d: 'day',
  dy: 'day',
  dys: 'day',
  wk: 'week',
  wks: 'week',
  w: 'week',
  mo: 'month',
  mos: 'month',
  mon: 'month',
  mons: 'month',
  mth: 'month',
  mths: 'month',
  mnth: 'month',
  mnths: 'month',
  m: 'month',
  qtr: 'quarter',
  qtrs: 'quarter',
  q: 'quarter',
  yr: 'year',
  yrs: 'year',
  y: 'year',
};

/** Words after which a unit is expected. */
const BEFORE_UNIT =
  /(?:^|\s)(?:\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple of|last|past|previous|prior|this|next|coming|current|per)[- ]?$/i;
/** Letters that must not follow ('6m' before a currency sign or 'illion' is an amount). */
const NOT_AMOUNT = /^\s*(?:\$|usd|dollars?|bucks|euros?|€|£)/i;

function unitOf(word: string): { unit: string; plural: boolean } | null {
  const lower = word.toLowerCase();
  const short = SHORTHANDS[lower];
  if (short) return { unit: short, plural: /s$/.test(lower) && lower.length > 2 };
  // A typo is of four letters or more and no English word ('pay' and 'weak' are meant as written).
  if (lower.length < 4 || isEnglishWord(lower)) return null;
  for (const unit of UNITS) {
    for (const form of [unit, `${unit}s`]) {
      const max = unit === 'quarter' ? 2 : 1;
      if (editDistance(lower, form, max) <= max) return { unit, plural: form.endsWith('s') };
    }
  }
  return null;
}

const WORD = /(\d{1,3})?([a-z]+)\b/gi;

/** The question with its period words written out (the same question when it has none to change). */
export function normalizePeriodWords(question: string): string {
  let out = question
    // The year to date spelt out or dotted: 'y.t.d.', 'y-t-d', 'yr to date', 'year-to-dte'.
    .replace(/\by\.?\s?[-.]?\s?t\.?\s?[-.]?\s?d\b\.?/gi, (m) => (/^ytd$/i.test(m) ? m : 'ytd'))
    .replace(/\b(?:yr|yaer|yera|yeer)s?[- ]to[- ]date\b/gi, 'year to date');
  out = out.replace(WORD, (match: string, digits: string | undefined, word: string, offset: number) => {
    const before = out.slice(Math.max(0, offset - 24), offset);
    const after = out.slice(offset + match.length);
    const glued = digits !== undefined;
    if (!glued && !BEFORE_UNIT.test(before)) return match;
    if (glued && NOT_AMOUNT.test(after)) return match;
    const lower = word.toLowerCase();
    // One-letter shorthands only glued to their number ('5y', '6m'); 'a m' is nothing.
    if (lower.length === 1 && !glued) return match;
    if (glued && lower.length === 1 && !/^[dwmqy]$/.test(lower)) return match;
    // '6m' and '10k' after a currency sign are amounts.
    if (glued && /[$€£]\s*$/.test(before)) return match;
    const unit = unitOf(word);
    if (!unit) return match;
    const count = glued ? Number(digits) : null;
    const plural =
      count !== null ? count !== 1 : unit.plural || (/\d\s*$/.test(before) && !/(?:^|\s)1\s*$/.test(before));
    const written = `${unit.unit}${plural ? 's' : ''}`;
    return glued ? `${digits} ${written}` : written;
  });
  // A decade is ten years ('over the past decade', 'two decades ago'): chrono knows no decades.
  out = out
    .replace(/\b(?:a|one) decade\b/gi, '10 years')
    .replace(/\b(two|three|2|3) decades\b/gi, (_, n: string) => `${/^(two|2)$/i.test(n) ? 20 : 30} years`)
    .replace(/\b(last|past|previous) decade\b/gi, '$1 10 years');
  // '5 years back' is '5 years ago' (chrono reads only the latter).
  return out.replace(
    /\b((?:\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(?:days?|weeks?|months?|quarters?|years?))\s+back\b/gi,
    '$1 ago',
  );
}
