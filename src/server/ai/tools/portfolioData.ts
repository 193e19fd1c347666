import type { RuleResult } from '../../../shared/portfolio/types';

/**
 * What get_portfolio answers, as the agent reads it: the built-in analyst writes portfolio answers from these
 * fields and the grounding check verifies their figures. The tool itself lives with portfolios
 * (modules/portfolios/agentTool.ts) and is passed in by the caller, so the AI layer owns only this shape.
 */

export interface PortfolioToolHolding {
  symbol: string;
  name: string;
  quantity: number;
  averagePrice: number;
  currentPrice: number | null;
  totalValue: number | null;
  gainLoss: number | null;
  gainLossPercent: number | null;
  dayChangePercent: number | null;
  /** Share of the priced value. */
  weightPercent: number | null;
  priceAsOf: string | null;
  /** Why there is no price, when there is none. */
  priceError?: string;
}

/** A rule's verdict with its figure named by unit, so '25.3%' is matched as a percentage and '1.12' as a ratio. */
export type PortfolioToolCheck = Pick<RuleResult, 'key' | 'title' | 'status' | 'sentence'> &
  ({ measuredPercent: number | null; thresholdPercent: number } | { measured: number | null; threshold: number });

export interface PortfolioToolData {
  hasPortfolio: true;
  /** Why this portfolio: the id asked for, the one under review, or the most recently updated. */
  selection: 'requested' | 'under review' | 'most recently updated';
  portfolioCount: number;
  id: string;
  name: string;
  description: string | null;
  lastUpdated: string;
  totalValue: number;
  totalCost: number;
  totalGainLoss: number;
  totalGainLossPercent: number | null;
  dayChange: number;
  dayChangePercent: number | null;
  holdingsCount: number;
  /** The oldest price the totals rest on, and where prices come from. */
  pricesAsOf: string | null;
  pricesSource: string;
  /** True when a price is the last good one, served because the market data source failed. */
  stale: boolean;
  /** Holdings left out of the totals for want of a price, one sentence each. */
  priceErrors: string[];
  /** Largest first; holdings without a price last. */
  holdings: PortfolioToolHolding[];
  /** The holdings beyond the listed ones, summed. */
  otherHoldings?: { count: number; totalValue: number; weightPercent: number };
  allocationBySector: { sector: string; value: number; weightPercent: number }[];
  checks: {
    asOf: string;
    basis: string;
    warnings: number;
    results: PortfolioToolCheck[];
    /** Symbols without a year of price history, left out of volatility, drawdown and beta. */
    missingHistory: string[];
  };
  /** The user's other portfolios, to ask for by id. */
  otherPortfolios: { id: string; name: string; lastUpdated: string }[];
  /** Issue 21: returns from the portfolio's ledger since its first activity; absent when prices could not be read. */
  performance?: PortfolioToolPerformance;
}

/**
 * The ledger's figures over its whole life (range ALL). Returns are percents (TWR measures the investments; the
 * money-weighted return, XIRR, measures the investor's timing too); null means not meaningful (see
 * docs/architecture.md, "Portfolio ledger").
 */
export interface PortfolioToolPerformance {
  from: string;
  to: string;
  costMethod: 'fifo' | 'average';
  timeWeightedReturnPercent: number | null;
  timeWeightedReturnAnnualisedPercent: number | null;
  moneyWeightedReturnPercent: number | null;
  startValue: number;
  endValue: number;
  netFlows: number;
  realisedGain: number;
  unrealisedGain: number;
  dividends: number;
  fees: number;
  cashBalance: number;
  benchmark: { symbol: string; twrPercent: number | null; valueWithSameFlows: number | null };
}

export interface NoPortfolioData {
  hasPortfolio: false;
  portfolioCount: 0;
  message: string;
}

export type GetPortfolioData = PortfolioToolData | NoPortfolioData;

/**
 * What portfolio_performance answers (the tool lives with portfolios): the ledger's returns over a range, the
 * dividends received in it, and the benchmark's return with the same cash flows. Percentages end in Percent, money
 * is named plainly, so every figure an answer copies is verified.
 */
export interface PortfolioPerformanceToolData {
  hasPortfolio: true;
  portfolio: { id: string; name: string; selection: PortfolioToolData['selection'] };
  range: string;
  from: string;
  to: string;
  timeWeightedReturnPercent: number | null;
  /** Only over a year or more. */
  timeWeightedReturnAnnualisedPercent: number | null;
  /** XIRR, a yearly rate; null where it is not meaningful (or not computed over this range). */
  moneyWeightedReturnAnnualPercent: number | null;
  startValue: number;
  endValue: number;
  netFlows: number | null;
  /** What the portfolio made over the range in dollars: end value, less start value and money added. */
  gain: number | null;
  realisedGain: number | null;
  unrealisedGain: number | null;
  dividendsReceived: number;
  /** The dividends themselves, newest first (at most 20). */
  dividendPayments: { date: string; symbol: string; amount: number }[];
  fees: number | null;
  benchmark: {
    symbol: string;
    twrPercent: number | null;
    /** What the same deposits and withdrawals (and the start value) would be worth in the benchmark. */
    valueWithSameFlows: number | null;
  };
  /** Time-weighted return minus the benchmark's, in percentage points; null when either is missing. */
  versusBenchmarkPercent: number | null;
  /** How the figures were computed, for the reader. */
  basis: string;
}

export type PortfolioPerformanceData = PortfolioPerformanceToolData | NoPortfolioData;
