import { compareTool } from './compare';
import { explainTermTool } from './explainTerm';
import { forecastTool } from './forecast';
import { getAnalysisTool } from './getAnalysis';
import { getHistorySummaryTool } from './getHistorySummary';
import { getQuoteTool } from './getQuote';
import { searchSymbolsTool } from './searchSymbols';
import type { AnyAgentTool } from './types';

export { defineTool, ToolFailure, type AgentTool, type AnyAgentTool, type ToolContext, type ToolResult, type ToolSource } from './types';

/**
 * The tools every turn has. Features add their own per turn through runAgentTurn's `extraTools`
 * (the portfolio review adds get_portfolio), so this list stays about market data.
 */
export const MARKET_TOOLS: readonly AnyAgentTool[] = [
  getQuoteTool,
  getHistorySummaryTool,
  getAnalysisTool,
  searchSymbolsTool,
  compareTool,
  forecastTool,
  explainTermTool,
];
