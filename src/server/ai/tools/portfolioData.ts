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
