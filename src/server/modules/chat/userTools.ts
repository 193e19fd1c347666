import type { AnyAgentTool } from '../../ai/tools/types';
import { createGetPortfolioTool, type PortfolioToolCaches } from '../portfolios/agentTool';
import { createPortfolioPerformanceTool } from '../portfolios/performanceAgentTool';

/**
 * The tools that read the signed-in user's own data, added to every chat turn (not to shared insights, which go to
 * a friend). The agent receives them from here; the AI Review passes its own get_portfolio, bound to the portfolio
 * under review.
 */
export function userTools(deps: PortfolioToolCaches): readonly AnyAgentTool[] {
  return [createGetPortfolioTool(deps), createPortfolioPerformanceTool(deps)];
}
