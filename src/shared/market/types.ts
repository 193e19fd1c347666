/** Market data shapes shared by server and client (product.md §§3 and 7). Times are UTC milliseconds. */

export type Timeframe = '1D' | '5D' | '1M' | '6M' | 'YTD' | '1Y' | '5Y';

/** ISO 4217 code. Supported as portfolio base currencies at least: USD, EUR, GBP, CHF, CAD, JPY. */
export type CurrencyCode = string;

/** product.md §3 quote fields, plus what the UI needs to be honest about freshness. */
export interface Quote {
  symbol: string;
  regularMarketPrice: number;
  /**
   * The currency of the price and change, always in major units: a London listing quoted in pence (Yahoo's 'GBp')
   * arrives here in pounds, 'GBP' (see shared/market/currency.ts).
   */
  currency: CurrencyCode;
  regularMarketChange: number;
  regularMarketChangePercent: number;
  shortName: string;
  longName: string;
  /** When the price was observed. */
  regularMarketTime: number;
  /** Set when the upstream failed and a cached answer was served. */
  stale?: boolean;
  /** Whether the symbol's exchange is trading now, when the provider knows; a closed market quotes its last close. */
  marketState?: 'open' | 'closed';
}

/** POST /api/stocks/quotes answer: a map keyed by symbol (unknown symbols are left out). */
export type QuotesMap = Record<string, Quote>;

export interface StockSearchResult {
  symbol: string;
  name: string;
  exchange: string;
  shortname: string;
  longname: string;
  exchDisp: string;
  exch: string;
  typeDisp: string;
  /** Defaults to EQUITY. */
  type: string;
}

export interface HistoryPoint {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export type Rating = 'Strong Sell' | 'Sell' | 'Hold' | 'Buy' | 'Strong Buy';

/** One explainable part of the rating score. */
export interface RatingFactor {
  key: string;
  label: string;
  /** The measured value, e.g. "+4.2%" or "RSI 61". */
  value: string;
  /** Contribution to the score, negative is bearish. */
  score: number;
  explanation: string;
}

export interface StockAnalysis {
  symbol: string;
  name: string;
  price: number;
  change: number;
  changePercent: number;
  marketCap: number | null;
  pe: number | null;
  rating: Rating;
  /** Total of the factor scores, the basis of the rating. */
  score: number;
  factors: RatingFactor[];
  analysis: string;
  description: string;
  /** Exchange display name, when known. */
  exchange?: string;
  /** Sector, null for funds, indices and crypto. */
  sector?: string | null;
  /** Currency of the price (and of the market cap). */
  currency: CurrencyCode;
}

export interface MarketInfo {
  provider: 'simulated' | 'yahoo';
  simulated: boolean;
}

/** One live-quote push: the quote and, where the provider has it, the current 1-minute bar. */
export interface LiveQuoteEvent {
  symbol: string;
  quote: Quote;
  bar: HistoryPoint | null;
}

/** One dividend per share: its ex-dividend day, its payment day and where it stands. */
export interface DividendEvent {
  /** YYYY-MM-DD */
  exDate: string;
  /** YYYY-MM-DD; null when the provider does not say. */
  payDate: string | null;
  /** Per share, decimal string, in `currency`. */
  amount: string;
  currency: CurrencyCode;
  /** 'paid' = pay date passed; 'declared' = announced, not yet paid; 'projected' = from the usual schedule. */
  status: 'paid' | 'declared' | 'projected';
}

export type DividendFrequency = 'monthly' | 'quarterly' | 'semiannual' | 'annual';

export interface DividendInfo {
  symbol: string;
  currency: CurrencyCode;
  /** Sum of the last 12 months' dividends per share (decimal string), null when it pays none. */
  trailingAnnualRate: string | null;
  /** trailingAnnualRate / current price, as a fraction (0.0123 = 1.23 %), null when none. */
  trailingYield: number | null;
  frequency: DividendFrequency | null;
  /** Past (paid) events, newest first, at most 5 years back. */
  history: DividendEvent[];
  /** Declared and projected events after today, soonest first, at most 12 months ahead. */
  upcoming: DividendEvent[];
  /** Set when the upstream failed and a cached answer was served. */
  stale?: boolean;
}

export interface EarningsEvent {
  /** YYYY-MM-DD */
  date: string;
  /** 'reported' (past), 'confirmed' (announced date), 'estimated' (from the usual schedule) */
  status: 'reported' | 'confirmed' | 'estimated';
  /** Before or after the session, when known. */
  time?: 'before-open' | 'after-close' | null;
  /** Earnings per share: the analysts' estimate before the report, the actual and the surprise after it. */
  eps?: EarningsEps;
}

/** One report's earnings per share (shared/market/eps.ts builds it). Absent from the event when nothing is known. */
export interface EarningsEps {
  /** The analysts' consensus for the quarter, a decimal string in `currency`; null when none is known. */
  estimate: string | null;
  /** What the company reported; null until it has. */
  actual: string | null;
  /** (actual - estimate) / |estimate| as a fraction (0.057 = 5.7 % above); null unless both are known. */
  surprise: number | null;
  /** The currency the company reports in (an ADR's may differ from its quote's). */
  currency: CurrencyCode;
}

/** A company's earnings reports. Funds, indices and crypto have none: both lists are empty. */
export interface EarningsInfo {
  symbol: string;
  /** Past reports, newest first (at most 3 years). */
  history: EarningsEvent[];
  /** Coming reports, soonest first (at most 12 months). */
  upcoming: EarningsEvent[];
  /** Set when the upstream failed and a cached answer was served. */
  stale?: boolean;
}
