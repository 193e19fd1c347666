import { calendarRangeSchema } from '../../../shared/calendar/schemas';
import { authedProcedure, router } from '../../trpc/init';
import { calendarEvents } from './service';

/** Issue 30 §4: the signed-in user's calendar of earnings and dividend dates for what they hold and watch. */
export const calendarRouter = router({
  /**
   * Events from `from` to `to` (YYYY-MM-DD, at most 366 days); without them, this week (Monday to Sunday, UTC), which
   * is what the dashboard's card shows (it may send the reader's own week: shared/calendar/dates.ts weekOf).
   */
  events: authedProcedure
    .input(calendarRangeSchema)
    .query(({ ctx, input }) => calendarEvents(ctx.deps, ctx.user.id, input)),
});
