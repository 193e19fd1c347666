import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { PortfolioReview } from '../../../shared/portfolio/review';
import type { AgentDeps } from '../../ai/agent';
import { runMeteredAgentTurn } from '../usage/meteredTurn';
import type { UsageDeps } from '../usage/service';
import { createGetPortfolioTool, PORTFOLIO_UNREADABLE, type PortfolioToolCaches } from './agentTool';
import type { AppDeps } from '../../depsTypes';
import { appError } from '../../errors/appError';
import { badInput, portfolioNotFound } from './errors';
import { requireOwnedPortfolio } from './ownership';
import { countHoldings, findOwnedPortfolio } from './queries';

/**
 * 'AI Review' (issue 10): the Financial Agent reviews one of the user's portfolios with get_portfolio (bound to that
 * portfolio) and the rule results it carries, paid with one 'Portfolio Analysis' (2 a day) through the usage
 * service: reserved before the engine runs, 429 at the limit, given back if the answer fails or the portfolio could not
 * be read.
 */

/**
 * What the engine is asked. The card already lists every check, so the review answers what to consider doing (the
 * built-in analyst reads it that way too).
 */
export const REVIEW_QUESTION = 'Review my portfolio: what should I consider doing?';

/** For a model: what the review should cover. The portfolio's name stays out of the prompt; the tool gives it. */
function reviewInstructions(portfolioId: string): string {
  return [
    "Portfolio review: the user pressed 'AI Review' on one of their portfolios and reads your answer on that portfolio's page.",
    `Call get_portfolio first; without arguments it answers the portfolio under review (id ${portfolioId}).`,
    'Then answer in Markdown: its value and gain or loss in one sentence; when get_portfolio gives performance, one more ' +
      'sentence with its time-weighted return (the investments) and money-weighted return (the timing of deposits too), ' +
      'realised gains and dividends, against the benchmark; then under "What to consider" one bullet per ' +
      'check that warns, naming a move the user might consider (spread a large position, add another sector, revisit a ' +
      'loss) and why, in plain words. The checks are already shown on the card beside your answer: do not list them again.',
    'Use only figures the tools give you. Offer options to consider; do not tell the user to buy or sell a specific stock.',
  ].join('\n');
}

/** What a review uses: the agent and the day's limits, the portfolio tool's caches, the database and the clock. */
type ReviewDeps = AgentDeps & UsageDeps & PortfolioToolCaches & Pick<AppDeps, 'db' | 'now'>;

export async function reviewPortfolio(deps: ReviewDeps, userId: string, portfolioId: string): Promise<PortfolioReview> {
  // Ownership first: someone else's portfolio answers the same 404 as a missing one and costs nothing.
  const row = await requireOwnedPortfolio(deps, userId, portfolioId);
  // An empty portfolio has nothing to review: say so instead of spending one of two daily analyses on it.
  if ((await countHoldings(deps.db, row.id)) === 0) throw badInput(M.reviewNeedsHoldings);

  const { answer, reservation } = await runMeteredAgentTurn(deps, 'portfolioAnalyses', {
    userId,
    message: REVIEW_QUESTION,
    extraTools: [createGetPortfolioTool(deps, { portfolioUnderReview: row.id })],
    extraContext: reviewInstructions(row.id),
  });
  const refundAll = async () => {
    await reservation.refund();
    for (const charge of answer.charges) await charge.refund();
  };
  // Deleted while the agent was writing (another tab): the review has nothing left to describe.
  if (!(await findOwnedPortfolio(deps.db, userId, row.id))) {
    await refundAll();
    throw portfolioNotFound();
  }
  // The portfolio could not be valued (a ledger stored before today's rules, figures beyond what can be computed):
  // whatever the engine wrote, it is not a review of this portfolio ("down NaN%"), and a failed review is never
  // charged.
  const unreadable = answer.tools.find(
    (t) => t.tool === 'get_portfolio' && t.status === 'error' && t.detail?.startsWith(PORTFOLIO_UNREADABLE),
  );
  if (unreadable) {
    await refundAll();
    throw appError('UNPROCESSABLE_CONTENT', M.reviewFailed(unreadable.detail!));
  }
  return {
    portfolioId: row.id,
    content: answer.content,
    response: answer.contentWithFooter,
    engine: answer.engine,
    figures: answer.figures,
    sources: answer.sources,
    artifacts: answer.artifacts,
    tools: answer.tools,
    verification: answer.verification,
    ...(answer.limitHit ? { limitHit: answer.limitHit } : {}),
    generatedAt: new Date(deps.now()).toISOString(),
    usage: {
      used: reservation.used,
      limit: reservation.limit,
      remaining: reservation.remaining,
      resetsAt: reservation.resetsAt,
    },
  };
}
