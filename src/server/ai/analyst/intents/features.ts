/**
 * What the intent classifier reads of a question: its words (names and tickers already replaced by a placeholder,
 * so 'how is __sym doing' is one pattern whatever the company), pairs of neighbouring words, and the letter triples
 * of longer words, which let a misspelt word ('perfomance') still count.
 */

/** The placeholder the symbol reader puts in place of an instrument. */
export const SYMBOL = '__sym';
/** Any amount with a currency mark ('$10,000', '€5.000', '10k'), and any other number. */
export const MONEY = '__money';
export const NUMBER = '__num';

const WORD = /__\w+|[\p{L}\p{N}$€£][\p{L}\p{N}$€£.,/'&-]*/gu;
const AMOUNT = /^[$€£]\d|^\d[\d.,]*[$€£]$|^\d[\d.,]*[km]$/;
const DIGITS = /^\d[\d.,]*$/;

/** 'the S&P 500' and 'the Dow' are names with their article: the article goes with the name's placeholder. */
const ARTICLE = new RegExp(`\\bthe\\s+${SYMBOL}`, 'g');

/** A question's tokens: lower case, numbers and amounts as placeholders, trailing punctuation dropped. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().replace(ARTICLE, SYMBOL).matchAll(WORD)) {
    let t = m[0];
    while (t.length && ".,'-".includes(t[t.length - 1])) t = t.slice(0, -1);
    if (!t) continue;
    if (AMOUNT.test(t)) t = MONEY;
    else if (DIGITS.test(t)) t = NUMBER;
    else if (t.endsWith("'s")) t = t.slice(0, -2);
    out.push(t);
  }
  return out;
}

const WORD_WEIGHT = 1;
const PAIR_WEIGHT = 0.7;
const TRIPLE_WEIGHT = 0;

/** Features with their weights: words count fully, neighbours a little less, letter triples least. */
export function features(text: string): Map<string, number> {
  const ws = tokens(text);
  const out = new Map<string, number>();
  const add = (f: string, w: number) => out.set(f, (out.get(f) ?? 0) + w);
  let previous = '^';
  for (const w of ws) {
    add('w:' + w, WORD_WEIGHT);
    add('b:' + previous + ' ' + w, PAIR_WEIGHT);
    previous = w;
    if (TRIPLE_WEIGHT === 0 || w.length < 5 || w.startsWith('__')) continue;
    const padded = '<' + w + '>';
    for (let j = 0; j + 3 <= padded.length; j++) add('c:' + padded.slice(j, j + 3), TRIPLE_WEIGHT);
  }
  if (ws.length) add('b:' + previous + ' $', PAIR_WEIGHT);
  return out;
}
