import { authedProcedure, router } from '../../trpc/init';
import { usageStats } from './service';

export const usageRouter = router({
  /** The signed-in user's counters for today (UTC), the daily limits and when they reset. */
  stats: authedProcedure.query(({ ctx }) => usageStats(ctx.deps, ctx.user.id)),
});
