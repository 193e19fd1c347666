import { compareTool } from './compare';
import { explainTermTool } from './explainTerm';
import { forecastTool } from './forecast';
import { getAnalysisTool } from './getAnalysis';
import { getCompanyProfileTool } from './getCompanyProfile';
import { getHistorySummaryTool } from './getHistorySummary';
import { getPortfolioTool } from './getPortfolio';
import { getQuoteTool } from './getQuote';
import { marketMoversTool } from './marketMovers';
import { searchSymbolsTool } from './searchSymbols';
import type { AnyAgentTool } from './types';

export { defineTool, ToolFailure, type AgentTool, type AnyAgentTool, type ToolContext, type ToolResult, type ToolSource } from './types';

/**
 * The tools every turn has. Features add their own per turn through runAgentTurn's `extraTools`, so this list
 * stays about market data (the status probe runs it without a database).
 */
export const MARKET_TOOLS: readonly AnyAgentTool[] = [
  getQuoteTool,
  getHistorySummaryTool,
  getAnalysisTool,
  getCompanyProfileTool,
  marketMoversTool,
  searchSymbolsTool,
  compareTool,
  forecastTool,
  explainTermTool,
];

/**
 * The tools that read the signed-in user's own data, added to every chat turn (not to shared insights, which go to
 * a friend). The AI Review passes its own get_portfolio, bound to the portfolio under review.
 */
export const USER_TOOLS: readonly AnyAgentTool[] = [getPortfolioTool];
