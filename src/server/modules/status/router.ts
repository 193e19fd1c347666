import { appError } from '../../errors/appError';
import { publicProcedure, router } from '../../trpc/init';

/**
 * System status and storage (product.md §§3 and 7), public and cheap: both answer what the probe loop keeps in
 * memory (see status/monitor.ts); nothing is measured per request.
 */
export const statusRouter = router({
  /** overallStatus, services with their uptime and 90 daily entries, and the time of the last check. */
  system: publicProcedure.query(({ ctx }) => ctx.deps.status.status()),

  /** { estimatedSizeGB, totalAllowedGB, unit } of the database files, as of the latest probe round. */
  storage: publicProcedure.query(async ({ ctx }) => {
    try {
      return await ctx.deps.status.storageUsage();
    } catch (error) {
      ctx.deps.log.error({ err: error }, 'database files could not be measured');
      throw appError('SERVICE_UNAVAILABLE', 'Storage figures are unavailable right now. Please try again later.');
    }
  }),
});
