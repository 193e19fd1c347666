import type { Span } from './symbols';

/**
 * The amount of money a question names ('$10,000', '10k', '5 grand', '€5.000', 'ten thousand dollars'), read with
 * compromise's number parser. compromise is loaded on the first question that needs an amount (it takes a few
 * hundred milliseconds to start), so the other questions never wait for it.
 */

type Nlp = typeof import('compromise').default;
let nlp: Promise<Nlp> | null = null;
const load = () => (nlp ??= import('compromise').then((m) => m.default));

interface ParsedNumber {
  text: string;
  number: { num: number; prefix: string; suffix: string; unit: string };
}

const CURRENCY = /[$€£]|\b(dollars?|bucks|usd|euros?|eur|pounds?|gbp)\b/i;
const MULTIPLIER: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  grand: 1e3,
  // Spanish and Portuguese: '10 mil dólares'.
  mil: 1e3,
  m: 1e6,
  mm: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
};

/** '€5.000' and '10 000 $' are thousands in much of Europe: written the way compromise reads them. */
function europeanThousands(text: string): string {
  return text
    .replace(
      /(?<![\d.,])(\d{1,3})((?:\.\d{3})+)(?![\d.,]*\d)(?!,\d)/g,
      (_, a: string, b: string) => a + b.replace(/\./g, ''),
    )
    .replace(
      /(?<![\d.,])(\d{1,3})((?:[ \u00a0\u202f]\d{3})+)(?!\d)/g,
      (_, a: string, b: string) => a + b.replace(/\D/g, ''),
    );
}

export interface Amount {
  value: number;
  /** The currency written when it is not the dollar ('EUR', 'GBP'); the tools count in dollars. */
  currency: 'EUR' | 'GBP' | null;
  /** The amount as written ('€5,000'). */
  written: string;
}

/** The amount, in the currency written, or null when the question names none. */
export async function readAmount(question: string, dates: readonly Span[]): Promise<Amount | null> {
  const text = europeanThousands(question);
  const doc = (await load())(text);
  const found = doc.numbers().json() as ParsedNumber[];
  let best: { value: number; money: boolean; text: string } | null = null;
  let from = 0;
  for (const n of found) {
    const at = text.indexOf(n.text, from);
    from = at >= 0 ? at + n.text.length : from;
    const start = question.length === text.length ? at : -1;
    // Digits inside a date ('2020', '5 years ago') are not an amount.
    if (start >= 0 && dates.some((d) => start < d.end && start + n.text.length > d.start)) continue;
    const after = text.slice(from, from + 12).toLowerCase();
    const word = /^\s*(k|m|mm|b|bn|thousand|grand|million|mil)\b/.exec(after)?.[1];
    const factor =
      MULTIPLIER[n.number.suffix.toLowerCase()] ??
      MULTIPLIER[n.number.unit.toLowerCase()] ??
      (word ? MULTIPLIER[word] : 1);
    const value = n.number.num * factor;
    const money =
      CURRENCY.test(`${n.number.prefix}${n.text}${n.number.unit}`) || CURRENCY.test(after.slice(0, 9)) || factor > 1;
    if (!Number.isFinite(value) || value <= 0) continue;
    const written = `${n.text}${word ? ` ${word}` : ''}`;
    if (!best || (money && !best.money) || (money === best.money && value > best.value))
      best = { value, money, text: written };
  }
  // 'A grand' is a thousand dollars; compromise reads no number there.
  if (!best && /\b(a|one) grand\b/i.test(text)) best = { value: 1000, money: true, text: 'a grand' };
  if (!best) return null;
  const marks = `${best.text} ${text}`;
  const currency = /€|\beuros?\b|\beur\b/i.test(marks) ? 'EUR' : /£|\bpounds?\b|\bgbp\b/i.test(marks) ? 'GBP' : null;
  return { value: Math.round(best.value * 100) / 100, currency, written: best.text.trim() };
}
