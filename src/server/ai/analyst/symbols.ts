import { findLocalStock, LOCAL_STOCKS } from '../../../shared/market/localStocks';
import { isValidSymbol } from '../../../shared/market/symbols';
import { TICKER_LIKE_WORDS } from '../tickerLikeWords';

/**
 * Which instruments a question is about: tickers as written ('AAPL', 'aapl', '$PLTR', 'BRK.B', '^GSPC'), company
 * names ('Apple', 'the S&P 500', 'Coca-Cola'), and 'this stock' for the chart in view.
 */

/** Company and index names people use, lower case, to symbols of the built-in list. */
const NAME_ALIASES: Record<string, string> = {
  apple: 'AAPL',
  microsoft: 'MSFT',
  google: 'GOOGL',
  alphabet: 'GOOGL',
  amazon: 'AMZN',
  nvidia: 'NVDA',
  meta: 'META',
  facebook: 'META',
  tesla: 'TSLA',
  broadcom: 'AVGO',
  oracle: 'ORCL',
  adobe: 'ADBE',
  salesforce: 'CRM',
  'advanced micro devices': 'AMD',
  intel: 'INTC',
  cisco: 'CSCO',
  ibm: 'IBM',
  qualcomm: 'QCOM',
  micron: 'MU',
  netflix: 'NFLX',
  palantir: 'PLTR',
  snowflake: 'SNOW',
  shopify: 'SHOP',
  uber: 'UBER',
  airbnb: 'ABNB',
  spotify: 'SPOT',
  tsmc: 'TSM',
  'taiwan semiconductor': 'TSM',
  asml: 'ASML',
  'arm holdings': 'ARM',
  paypal: 'PYPL',
  coinbase: 'COIN',
  robinhood: 'HOOD',
  alibaba: 'BABA',
  'at&t': 'T',
  verizon: 'VZ',
  berkshire: 'BRK.B',
  'berkshire hathaway': 'BRK.B',
  jpmorgan: 'JPM',
  'jp morgan': 'JPM',
  'bank of america': 'BAC',
  goldman: 'GS',
  'goldman sachs': 'GS',
  visa: 'V',
  mastercard: 'MA',
  'american express': 'AXP',
  amex: 'AXP',
  'johnson & johnson': 'JNJ',
  'johnson and johnson': 'JNJ',
  'j&j': 'JNJ',
  unitedhealth: 'UNH',
  'eli lilly': 'LLY',
  lilly: 'LLY',
  pfizer: 'PFE',
  merck: 'MRK',
  abbvie: 'ABBV',
  walmart: 'WMT',
  'procter & gamble': 'PG',
  'procter and gamble': 'PG',
  'coca-cola': 'KO',
  'coca cola': 'KO',
  coke: 'KO',
  pepsi: 'PEP',
  pepsico: 'PEP',
  costco: 'COST',
  "mcdonald's": 'MCD',
  mcdonalds: 'MCD',
  nike: 'NKE',
  starbucks: 'SBUX',
  disney: 'DIS',
  'home depot': 'HD',
  boeing: 'BA',
  caterpillar: 'CAT',
  'ge aerospace': 'GE',
  'general electric': 'GE',
  ford: 'F',
  rivian: 'RIVN',
  exxon: 'XOM',
  'exxon mobil': 'XOM',
  exxonmobil: 'XOM',
  chevron: 'CVX',
  bitcoin: 'BTC-USD',
  btc: 'BTC-USD',
  's&p 500': '^GSPC',
  's&p500': '^GSPC',
  's&p': '^GSPC',
  sp500: '^GSPC',
  nasdaq: '^IXIC',
  'nasdaq composite': '^IXIC',
  'dow jones': '^DJI',
  'the dow': '^DJI',
  dow: '^DJI',
  'russell 2000': 'IWM',
};

/** Capitalised words that are not tickers when written bare (they are words or abbreviations). */
const NOT_TICKERS = new Set([...TICKER_LIKE_WORDS, 'MY', 'THE', 'IS', 'WHAT', 'HOW', 'WHY', 'E', 'HI', 'NEWS', 'ME']);

/** Lower-case words that are tickers only when written in capitals. */
const ENGLISH = new Set([
  'all',
  'are',
  'arm',
  'cat',
  'cost',
  'dis',
  'hood',
  'shop',
  'snow',
  'spot',
  'coin',
  'it',
  'on',
  'ma',
  'ge',
  'hd',
  'ko',
  'v',
  't',
  'f',
  'ba',
  'gs',
  'mu',
  'pg',
  'be',
  'uber',
  'meta',
  'dia',
  'ibm',
  'amd',
  'pep',
]);

const KNOWN = new Set(LOCAL_STOCKS.map((s) => s.symbol));

export interface SymbolMention {
  symbol: string;
  /** Where in the question, to keep the order the user wrote them in. */
  at: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ALIAS_RE = new RegExp(
  `(?<![a-z0-9])(${Object.keys(NAME_ALIASES)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})(?:'s)?(?![a-z0-9])`,
  'gi',
);

/** Symbols named in a question, in order of appearance, without duplicates. */
export function findSymbols(question: string): string[] {
  const mentions: SymbolMention[] = [];
  const add = (symbol: string, at: number) => mentions.push({ symbol, at });

  // $ticker in any case, ^INDEX, and capitalised tickers.
  for (const m of question.matchAll(/(?<![A-Za-z0-9])\$([A-Za-z][A-Za-z0-9.-]{0,9})(?![A-Za-z0-9])/g)) {
    const symbol = m[1].toUpperCase();
    if (isValidSymbol(symbol)) add(symbol, m.index);
  }
  const letters = question.replace(/[^A-Za-z]/g, '');
  const shouting = letters.length > 8 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.6;
  for (const m of question.matchAll(
    /(?<![A-Za-z0-9$^])(\^?[A-Z][A-Z0-9]{0,5}(?:[.-][A-Z0-9]{1,4})?)(?![A-Za-z0-9])/g,
  )) {
    const symbol = m[1];
    if (NOT_TICKERS.has(symbol) && !isBracketed(question, m.index, symbol.length)) continue;
    // Names in capitals ('NVIDIA') are found as names below; 'MA20', 'Q3' are labels; in a shouted question
    // ('WHAT IS THE PRICE OF AAPL') only known symbols count.
    if (NAME_ALIASES[symbol.toLowerCase()]) continue;
    if (/\d/.test(symbol) && !KNOWN.has(symbol)) continue;
    if (shouting && !KNOWN.has(symbol)) continue;
    // A capitalised word of one letter is a ticker only when known ('F' for Ford was filtered above unless bracketed).
    if (symbol.length === 1 && !KNOWN.has(symbol)) continue;
    add(symbol, m.index);
  }
  // Lower-case tickers people type ('aapl', 'nvda'), unless they are also words.
  for (const m of question.matchAll(/(?<![A-Za-z0-9$^])([a-z][a-z.-]{1,6})(?![A-Za-z0-9])/g)) {
    const word = m[1];
    if (ENGLISH.has(word) || word.length < 3) continue;
    const symbol = word.toUpperCase();
    if (KNOWN.has(symbol) && !NAME_ALIASES[word]) add(symbol, m.index);
  }
  // Company names.
  ALIAS_RE.lastIndex = 0;
  for (const m of question.matchAll(ALIAS_RE)) {
    const alias = m[1].toLowerCase();
    // 'Meta' the company, but not 'meta' as a word in 'metadata' (the regex already needs word edges).
    add(NAME_ALIASES[alias], m.index);
  }

  mentions.sort((a, b) => a.at - b.at);
  const out: string[] = [];
  for (const { symbol } of mentions) if (!out.includes(symbol)) out.push(symbol);
  return out;
}

function isBracketed(text: string, at: number, length: number): boolean {
  return (text[at - 1] === '(' && text[at + length] === ')') || text[at - 1] === '$';
}

/** 'this stock', 'it', 'this one', 'the chart': the question leans on context for its subject. */
export function refersToContext(question: string): boolean {
  return /\b(this|that|the) (stock|one|chart|company|ticker|symbol|share|name|etf|fund|index)\b|\b(it|its|it's|them|they|their)\b/i.test(
    question,
  );
}

export function isKnownSymbol(symbol: string): boolean {
  return Boolean(findLocalStock(symbol));
}
