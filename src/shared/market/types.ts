/** Market data shapes shared by server and client (product.md §§3 and 7). Times are UTC milliseconds. */

export type Timeframe = '1D' | '5D' | '1M' | '6M' | 'YTD' | '1Y' | '5Y';

/** product.md §3 quote fields, plus what the UI needs to be honest about freshness. */
export interface Quote {
  symbol: string;
  regularMarketPrice: number;
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
