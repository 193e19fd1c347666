import type { FileReading } from '../brokers/reading';

/**
 * The portfolio ledger (issue 21): activities, cost basis, cash and returns. Money, quantities, prices and ratios
 * travel as decimal strings (decimal.js on the server); money in answers is rounded to cents ("1234.50"), fractions
 * of a return to 8 decimals ("0.37336254" is 37.34 %). Dates are 'YYYY-MM-DD' (UTC calendar days).
 */

export const ACTIVITY_TYPES = [
  'buy',
  'sell',
  'dividend',
  'fee',
  'split',
  'deposit',
  'withdrawal',
  'transfer_in',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const COST_METHODS = ['fifo', 'average'] as const;
export type CostMethod = (typeof COST_METHODS)[number];

export const PERFORMANCE_RANGES = ['1M', '3M', '6M', 'YTD', '1Y', 'ALL'] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];

/**
 * One entry of the ledger. Which fields a type uses:
 * buy / sell: symbol, quantity, price, fee? · dividend: symbol, amount · fee: amount, symbol? · split: symbol, ratio
 * ('4:1' = four new shares for one) · deposit / withdrawal: amount · transfer_in: symbol, quantity, price (the cost
 * basis per share; shares brought in without a purchase date, valued at the day's close, decision 022). Fields a type
 * does not use are null.
 */
export interface Activity {
  id: string;
  type: ActivityType;
  date: string;
  symbol: string | null;
  quantity: string | null;
  price: string | null;
  fee: string | null;
  amount: string | null;
  ratio: string | null;
  note: string | null;
  /** Issue 27 §3: the currency of price, fee and amount (ISO 4217); absent in activities made before currencies. */
  currency?: string | null;
  /** The broker's rate of 1 unit of `currency` in the portfolio's base currency, when a file gave one. */
  fxRate?: string | null;
}

/** What POST /api/portfolios/{id}/activities (and PUT …/{activityId}) take. */
export interface ActivityInput {
  type: ActivityType;
  date: string;
  symbol?: string | null;
  quantity?: string | number | null;
  price?: string | number | null;
  fee?: string | number | null;
  amount?: string | number | null;
  ratio?: string | null;
  note?: string | null;
  /** Absent: the symbol's listing currency for trades, the portfolio's base currency for cash. */
  currency?: string | null;
}

/** A FIFO lot still open: bought on `date`, `quantity` left (split-adjusted), at `unitCost` (buy fee included). */
export interface Lot {
  date: string;
  quantity: string;
  unitCost: string;
  cost: string;
}

/** GET /api/portfolios/{id}/performance. `null` fractions mean "not meaningful" (see docs/architecture.md). */
export interface PerformanceAnswer {
  range: PerformanceRange;
  /** Issue 27 §3: every amount below is in this currency, converted at each day's rate. */
  currency?: string;
  /** Cash held per currency at the end of the range, each in its own currency (only currencies with a balance). */
  cashByCurrency?: Array<{ currency: string; amount: string }>;
  from: string;
  to: string;
  startValue: string;
  endValue: string;
  cashBalance: string;
  /** Deposits and the shortfalls of buys and fees funded from outside, minus withdrawals, within the range. */
  netFlows: string;
  twr: string | null;
  /** Only when the range covers a year or more. */
  twrAnnualised: string | null;
  /** Money-weighted (XIRR), annualised. */
  mwr: string | null;
  realisedGain: string;
  /** Unrealised gain of the shares held at the end of the range (the foreign cash's is cashCurrencyGain). */
  unrealisedGain: string;
  /**
   * The currency gain on the foreign cash held at the end of the range: its value at that day's rate less what it
   * cost in the base. Present only when foreign cash is held. The decomposition's unrealisedGainChange includes it.
   */
  cashCurrencyGain?: string;
  dividends: string;
  /** Standalone fees (fees on buys and sells are in cost and proceeds). */
  fees: string;
  /** startValue + netFlows + realisedGain + unrealisedGainChange + dividends − fees = endValue, to the cent. */
  decomposition: {
    startValue: string;
    netFlows: string;
    realisedGain: string;
    unrealisedGainChange: string;
    dividends: string;
    fees: string;
    endValue: string;
  };
  benchmark: {
    symbol: string;
    twr: string | null;
    /** What the same external flows (and the start value) would be worth in the benchmark at the end. */
    valueWithSameFlows: string | null;
  };
  /** One point per day of the range: value at the close, and both indexes starting at 100. */
  series: Array<{ date: string; value: string; twrIndex: string; benchmarkIndex: string | null }>;
  /** TWR per calendar month of the range, for the heatmap ('YYYY-MM'). */
  monthlyReturns: Array<{ month: string; twr: string | null }>;
  /** Dividends received within the range, newest first. */
  dividendsReceived: Array<{ date: string; symbol: string; amount: string }>;
}

/**
 * One activity read from a CSV, checked against the file's rules, the market, the clock and the ledger. A broker's
 * row may give two (a reinvestment: a dividend and a buy), both with the row's line.
 */
export interface ActivityImportRow {
  /** 1-based line in the file. */
  line: number;
  /** The activity the row will record; null when it cannot be read. */
  activity: Omit<Activity, 'id'> | null;
  /** Why the row cannot be imported; null when it can. */
  error: string | null;
  /** The row's currency (ISO), the row's own or the file's; null when the file does not say. */
  currency?: string | null;
  /** The broker's exchange rate for the row, as written; null when none. */
  fxRate?: string | null;
  /** The broker's wording of the row ("YOU BOUGHT"); null for plain files. */
  wording?: string | null;
}

/** POST …/activities/import/preview. Nothing is written; the import re-checks everything. */
export interface ActivityImportPreview {
  /** In ledger order (the order the import records them); rows that cannot be read last. */
  rows: ActivityImportRow[];
  /** The file's header names of the columns read, by field (date, type, symbol, …). */
  columns: Record<string, string> | null;
  /** The layout recognised, its dates and numbers, its wordings and the rows skipped (issue 27); null without one. */
  reading: FileReading | null;
  valid: number;
  invalid: number;
  /** Rows left out on purpose (kinds the ledger does not record, totals, notes), listed in `reading.skipped`. */
  skipped: number;
  fileError: string | null;
}

/** POST …/activities/import: every row was recorded (an import writes all rows or none). */
export interface ActivityImportResult {
  imported: number;
}
