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
}

export interface NoPortfolioData {
  hasPortfolio: false;
  portfolioCount: 0;
  message: string;
}

export type GetPortfolioData = PortfolioToolData | NoPortfolioData;
