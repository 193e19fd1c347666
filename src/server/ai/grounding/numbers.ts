/**
 * Finds the numbers written in a text: '$1,234.56', '-3.2%', '+1.5 %', '$2.85T', '3.5 billion', '12x', '0.75'.
 * Numbers glued to letters (MA20, Q3, 20th, 5Y) are names or labels, not figures, and are skipped. Used on the
 * model's answer and on the text inside tool results alike.
 */

export type NumberUnit = 'usd' | 'percent' | 'plain';

export interface NumberToken {
  text: string;
  start: number;
  end: number;
  /** Signed value, magnitude applied ('$2.85T' is 2.85e12). */
  value: number;
  unit: NumberUnit;
  /** How far the written number may be from the exact value: half a unit in the last written place (wider after 'about'). */
  tolerance: number;
  /** A bare four-digit whole number (a possible year). */
  bareInteger: boolean;
}

const MAGNITUDES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  t: 1e12,
  tn: 1e12,
  trillion: 1e12,
};

// currency, digits (with thousands separators), decimals, then a percent sign, a magnitude or an 'x'.
const NUMBER =
  /(US\$|\$)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:(\s?%|\s(?:percent|per cent)\b)|\s(trillion|billion|million|thousand)\b|(tn|bn|mn|[TBMK])(?![A-Za-z0-9])|x(?![A-Za-z0-9]))?/g;

const WORDISH = /[A-Za-z0-9_.,^]/;
const APPROXIMATE = /(?:about|around|roughly|nearly|almost|approximately|approx\.|close to|some|~)\s*$/i;
/** Approximate numbers may be off by this share of their value. */
const APPROXIMATE_SHARE = 0.02;

export function findNumbers(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  NUMBER.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = NUMBER.exec(text))) {
    const [whole, currency, digits, decimals = '', percent, word, letter] = m;
    let start = m.index;
    const end = start + whole.length;
    const before = text[start - 1];
    // Part of a word or a longer number (MA20, v2.1, ^IXIC): not a figure.
    if (before && WORDISH.test(before)) continue;
    const after = text[end];
    if (after && /[A-Za-z_]/.test(after)) continue;
    if (after === '.' && /\d/.test(text[end + 1] ?? '')) continue;
    const magnitudeKey = (word ?? letter)?.toLowerCase();
    // '1M', '6M', '3M': range labels (and a company), not millions, unless written as money.
    if (letter === 'M' && !currency && !decimals && Number(digits) <= 12) continue;
    const multiplier = magnitudeKey ? MAGNITUDES[magnitudeKey] : 1;
    const places = decimals ? decimals.length - 1 : 0;
    let value = Number(digits.replace(/,/g, '') + decimals) * multiplier;
    // A minus or plus right before counts when it is not a hyphen inside a word ("MA20-50").
    const sign = text[start - 1 - (currency ? 0 : 0)];
    if ((sign === '-' || sign === '−' || sign === '+') && !WORDISH.test(text[start - 2] ?? ' ')) {
      if (sign !== '+') value = -value;
      start -= 1;
    }
    const approximate = APPROXIMATE.test(text.slice(Math.max(0, start - 16), start));
    const rounding = 0.5 * 10 ** -places * multiplier;
    tokens.push({
      text: text.slice(start, end),
      start,
      end,
      value,
      unit: percent ? 'percent' : currency ? 'usd' : 'plain',
      tolerance: Math.max(rounding, approximate ? Math.abs(value) * APPROXIMATE_SHARE : 0) * (1 + 1e-9) + 1e-9,
      bareInteger: !currency && !percent && !magnitudeKey && !decimals && /^\d{4}$/.test(digits),
    });
  }
  return tokens;
}
