import type { FileReading } from './brokers/reading';
import type { CostMethod, Lot } from './ledger/types';

/**
 * Portfolio answers (product.md §3 shapes plus what issue 10 adds). Money, quantities and percents are numeric
 * strings computed on the server with exact decimals: money rounded to cents, percents to 2 decimals,
 * quantities and prices as held. A value that cannot be known (no price) is null, never a silent zero.
 * Times are ISO 8601 strings.
 */

/** Totals of a set of holdings valued at the same moment. */
export interface PortfolioTotals {
  /** Sum of quantity x current price over the holdings that have a price. */
  totalValue: string;
  /** What those holdings cost: sum of quantity x average price. */
  totalCost: string;
  totalGainLoss: string;
  /** Total return % = gain / (value - gain) (product.md §9); null when nothing was paid for them. */
  totalGainLossPercent: string | null;
  /** Today's move: sum of quantity x the quote's change. */
  dayChange: string;
  dayChangePercent: string | null;
  holdingsCount: number;
  /** The oldest price the totals rest on; null when no holding has a price. */
  pricesAsOf: string | null;
  /** True when any price is a cached one served because the market data source failed. */
  stale: boolean;
  /** One sentence per holding left out of the totals (no price), e.g. "No price for XYZ right now; ...". */
  errors: string[];
}

/** product.md §3 Portfolio, valued. */
export interface PortfolioSummary extends PortfolioTotals {
  /**
   * Issue 27 §4: for its owner `totalValue` is holdings plus cash, the one total shown everywhere; these are its two
   * parts (`totalGainLoss` and its percent stay the holdings' unrealised gain over their cost).
   */
  holdingsValue: string;
  cashBalance: string;
  /**
   * Issue 27 §3, the owner's portfolio page: the cash each currency holds, in its own currency (only currencies
   * with a balance); `cashBalance` is their total in the base.
   */
  cashByCurrency?: Array<{ currency: string; amount: string }>;
  id: string;
  name: string;
  description: string | null;
  isPublic: boolean;
  /** The link token (origin + /portfolio/shared/{link} is the page); null while private. */
  shareableLink: string | null;
  createdAt: string;
  lastUpdated: string;
  /** Issue 21: how realised gains are computed (PATCH /api/portfolios/{id} { costMethod }). */
  costMethod: CostMethod;
  /** Issue 27 §3: the currency of every amount answered for this portfolio (ISO 4217), chosen at creation. */
  baseCurrency: string;
}

/** product.md §3 Holding, valued. */
export interface ValuedHolding {
  id: string;
  symbol: string;
  /** Company or fund name from the quote; empty when there is no quote. */
  name: string;
  quantity: string;
  averagePrice: string;
  costBasis: string;
  currentPrice: string | null;
  totalValue: string | null;
  gainLoss: string | null;
  gainLossPercent: string | null;
  dayChange: string | null;
  dayChangePercent: string | null;
  /** Share of the portfolio's value, in percent; null without a price. */
  weight: string | null;
  priceAsOf: string | null;
  stale: boolean;
  /** Why there is no price, when there is none. */
  priceError: string | null;
  /**
   * Issue 27 §3: the holding's listing currency and its price in it (null without a quote). Every other amount of
   * the holding (prices, cost, value, gains) is in the portfolio's base currency.
   */
  currency?: string;
  listingPrice?: string | null;
  /** Issue 21, owner's answers only: gains realised by this symbol's sells under the portfolio's cost method. */
  realisedGain?: string;
  /** Issue 21, owner's answers only, FIFO portfolios: the lots still open, oldest first. */
  lots?: Lot[];
  /**
   * Issue 27, owner's answers only: the day shares of this holding were added without a purchase date (the first
   * such transfer in, decision 022); null when every share has its date.
   */
  addedWithoutDate?: string | null;
}

export interface PortfolioDetail {
  portfolio: PortfolioSummary;
  holdings: ValuedHolding[];
}

/**
 * GET /api/portfolio/shared/{link}: built from an allow-list, nothing else. No ids, owner, average prices or
 * internal fields.
 */
export interface SharedPortfolio {
  portfolio: {
    name: string;
    description: string | null;
    lastUpdated: string;
    totalValue: string;
    totalGainLoss: string;
    totalGainLossPercent: string | null;
    holdingsCount: number;
    pricesAsOf: string | null;
    /** Issue 27 §3: the base currency every amount is in. */
    currency: string;
  };
  holdings: Array<{
    symbol: string;
    quantity: string;
    /** The listing currency and the price in it; `currentPrice` and the rest are in the base. */
    currency: string;
    listingPrice: string | null;
    currentPrice: string | null;
    totalValue: string | null;
    gainLoss: string | null;
    gainLossPercent: string | null;
  }>;
}

export type RuleStatus = 'pass' | 'warn' | 'unavailable';

/** One analysis rule's verdict: a sentence with the measured figure and the threshold it was held against. */
export interface RuleResult {
  key: string;
  title: string;
  status: RuleStatus;
  /** The measured figure (percent, count or ratio, see unit); null when it could not be measured. */
  value: number | null;
  threshold: number;
  unit: 'percent' | 'count' | 'ratio';
  sentence: string;
}

export interface AllocationSlice {
  /** Symbol, or sector / instrument type. */
  label: string;
  /** For holdings: the company or fund name. */
  detail: string;
  value: string;
  /** Percent of the priced value, 2 decimals. */
  weight: string;
}

export interface PortfolioAllocation {
  byHolding: AllocationSlice[];
  /** Sector for companies; the instrument type (ETF, Index, Cryptocurrency) for the rest. */
  bySector: AllocationSlice[];
}

export interface PortfolioAnalysis {
  rules: RuleResult[];
  allocation: PortfolioAllocation;
  /** Symbols whose price history could not be loaded: left out of volatility, drawdown and beta. */
  missingHistory: string[];
  asOf: string;
}

/** The value of today's holdings at past prices (not a record of past trades). */
export interface ValueHistory {
  range: '1M' | '6M' | '1Y' | '5Y';
  /** Chart data: times in UTC ms and values in dollars as plain numbers (drawing does not need exact cents). */
  points: Array<{ time: number; value: number }>;
  /** Holdings without price history in this range, left out of the line. */
  missing: string[];
}

/** One row of a CSV import, checked. */
export interface ImportRow {
  /** 1-based line number in the file. */
  line: number;
  /** A holding, or a cash line (a sweep or money-market fund, "Cash & Cash Investments"), imported as a deposit. */
  kind: 'position' | 'cash';
  symbol: string;
  quantity: string;
  averagePrice: string;
  /** Cash lines: the amount. */
  amount: string | null;
  /** The purchase date the file gives ('YYYY-MM-DD'): the buy is recorded on it; null records it today. */
  date: string | null;
  /** The row's currency (ISO), the row's own or the file's; null when the file does not say. */
  currency: string | null;
  /** The broker's exchange rate for the row, as written; null when none. */
  fxRate: string | null;
  /** What is wrong with the row; null when it can be imported. */
  error: string | null;
  /** True when the symbol is already held and the row will merge into that holding. */
  merges: boolean;
}

/** How the columns of an imported file were read, in the file's own header names. */
export interface CsvColumnMapping {
  /** The line the header was found on (title lines above it are skipped). */
  headerLine: number;
  symbol: string;
  quantity: string;
  /** A column name, or "Cost Basis ÷ Quantity" when the average comes from a total cost. */
  averagePrice: string;
  /** The purchase date's column, when the file has one. */
  date?: string | null;
  /** The column cash lines are read from (a market or current value), when there is one. */
  cash?: string | null;
  /** Columns not read (a current price, a gain, ...). */
  ignored: string[];
}

export interface ImportPreview {
  rows: ImportRow[];
  /** Null when no header was found. */
  columns: CsvColumnMapping | null;
  /** The layout recognised, its dates and numbers, its wordings and the rows skipped (issue 27); null without one. */
  reading: FileReading | null;
  valid: number;
  invalid: number;
  /** A problem with the file as a whole (missing header), if any. */
  fileError: string | null;
}

export interface ImportResult {
  imported: number;
  skipped: number;
  portfolio: PortfolioSummary;
}
