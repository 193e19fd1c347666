import { appError } from '../errors/appError';
import { authedProcedure } from './init';

/**
 * Costly calls (portfolio analysis, value history, performance, AI review, CSV previews and imports) per user, all
 * together: a person opening portfolios and switching chart ranges makes a few a minute; a script looping on them is
 * refused after this many. Each call counts, also inside one tRPC batch.
 */
export const COSTLY_CALLS = { max: 30, windowMs: 60_000 };
export const TOO_MANY_COSTLY_CALLS_MESSAGE =
  'Too many portfolio analyses in a short time. Please wait a minute and try again.';

/**
 * A signed-in procedure that spends the user's costly-call budget (AppDeps.costlyCallBudget, built in deps.ts); past
 * it, TOO_MANY_REQUESTS before any work. The budget is shared by every instance on PostgreSQL: the calls of one
 * user spread over instances by the load balancer must not each get a budget of their own.
 */
export const costlyProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (!(await ctx.deps.costlyCallBudget.take(ctx.user.id))) {
    throw appError('TOO_MANY_REQUESTS', TOO_MANY_COSTLY_CALLS_MESSAGE);
  }
  return next();
});
