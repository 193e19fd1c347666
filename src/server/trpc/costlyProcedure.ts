import { appError } from './errors';
import { authedProcedure } from './init';
import { RateWindow } from './rateWindow';

/**
 * Costly calls (portfolio analysis, value history, AI review) per user, all together: a person opening portfolios
 * and switching chart ranges makes a few a minute; a script looping on them is refused after this many.
 */
export const COSTLY_CALLS = { max: 30, windowMs: 60_000 };
export const TOO_MANY_COSTLY_CALLS_MESSAGE =
  'Too many portfolio analyses in a short time. Please wait a minute and try again.';

/** One budget per server (keyed by its database, so test servers in one process do not share it). */
const budgets = new WeakMap<object, RateWindow>();

/** A signed-in procedure that spends the user's costly-call budget; past it, TOO_MANY_REQUESTS before any work. */
export const costlyProcedure = authedProcedure.use(({ ctx, next }) => {
  let budget = budgets.get(ctx.deps.db);
  if (!budget) budgets.set(ctx.deps.db, (budget = new RateWindow(COSTLY_CALLS.max, COSTLY_CALLS.windowMs)));
  // Wall-clock time: this measures load, not business time (which tests may pin).
  if (!budget.take(ctx.user.id, Date.now())) throw appError('TOO_MANY_REQUESTS', TOO_MANY_COSTLY_CALLS_MESSAGE);
  return next();
});
