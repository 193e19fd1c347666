import { compareTool } from './compare';
import { explainTermTool } from './explainTerm';
import { forecastTool } from './forecast';
import { getAnalysisTool } from './getAnalysis';
import { getDividendsTool } from './getDividends';
import { getEarningsTool } from './getEarnings';
import { getCompanyProfileTool } from './getCompanyProfile';
import { getHistorySummaryTool } from './getHistorySummary';
import { getQuoteTool } from './getQuote';
import { investmentGrowthTool } from './investmentGrowth';
import { marketHoursTool } from './marketHours';
import { marketMoversTool } from './marketMovers';
import { searchSymbolsTool } from './searchSymbols';
import type { AnyAgentTool } from './types';

export {
  defineTool,
  ToolFailure,
  type AgentTool,
  type AnyAgentTool,
  type ToolContext,
  type ToolResult,
  type ToolSource,
} from './types';

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
  marketHoursTool,
  investmentGrowthTool,
  getDividendsTool,
  getEarningsTool,
];
