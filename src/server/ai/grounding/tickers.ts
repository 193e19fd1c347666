import { LOCAL_STOCKS } from '../../../shared/market/localStocks';
import { TICKER_LIKE_WORDS } from '../tickerLikeWords';

/**
 * Ticker symbols written in a text. A capitalised word is a ticker when it is a known symbol (the built-in list or
 * any symbol of this turn's tool results), or when it is written the way tickers are: '$XYZ' or '(XYZ)'.
 * Known symbols that are also ordinary words or abbreviations (A, T, V, MA, GE, ARM, ...) count only in those forms.
 */

export interface TickerToken {
  text: string;
  start: number;
  end: number;
  symbol: string;
}

const KNOWN = new Set(LOCAL_STOCKS.map((s) => s.symbol));

/** Capitalised words that are not tickers unless written as '$XYZ' or '(XYZ)'. */
const AMBIGUOUS = new Set([
  ...TICKER_LIKE_WORDS,
  'EUR',
  'GMT',
  'TL',
  'DR',
  'NOT',
  'NOTE',
  'HD',
  'N',
  'APR',
  'APY',
  'REITS',
  'M',
  'B',
  'K',
  'X',
  'NA',
  'N/A',
  'ID',
  'API',
  'URL',
  'IMPORTANT',
  'WARNING',
  'MIN',
  'TOP',
  'NEW',
  'NOW',
]);

const WORD = /(\$)?(\^?[A-Z][A-Z0-9]{0,5}(?:[.-][A-Z0-9]{1,4})?)(?![A-Za-z0-9])/g;

export function findTickers(text: string, extraKnown: { has(symbol: string): boolean }): TickerToken[] {
  const found: TickerToken[] = [];
  WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(text))) {
    const [whole, dollar, symbol] = m;
    const start = m.index;
    const before = text[start - 1];
    if (before && /[A-Za-z0-9_^.&/-]/.test(before)) continue;
    // Mixed case words ('Apple', 'MA20' is fine) start with a capital followed by lower case: the regex stops there.
    if (/[a-z]/.test(text[start + whole.length] ?? '')) continue;
    const parenthesised = before === '(' && text[start + whole.length] === ')';
    const marked = Boolean(dollar) || parenthesised;
    const known = KNOWN.has(symbol) || extraKnown.has(symbol);
    if (!marked && (!known || AMBIGUOUS.has(symbol))) continue;
    // '$5' is money, and a lone capital in brackets '(A)' is a list label.
    if (marked && !known && (symbol.length < 2 || AMBIGUOUS.has(symbol) || /\d/.test(symbol))) continue;
    found.push({ text: whole, start, end: start + whole.length, symbol });
  }
  return found;
}
