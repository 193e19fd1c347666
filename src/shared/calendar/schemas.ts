import { z } from 'zod';
import { isCalendarDate } from '../portfolio/ledger/schemas';
import { daysCovered } from './dates';

/** The longest window one calendar request may cover, both ends counted. */
export const MAX_CALENDAR_DAYS = 366;

export const CALENDAR_MESSAGES = {
  dateInvalid: 'must be a calendar date written YYYY-MM-DD',
  order: 'from must be on or before to',
  tooLong: `The calendar covers at most ${MAX_CALENDAR_DAYS} days at a time: narrow from and to`,
} as const;

/** A real calendar day written YYYY-MM-DD ('2025-02-30' is not one), in the years the markets can speak of. */
export const isCalendarDay = (text: string) => isCalendarDate(text) && text >= '1900-01-01' && text <= '2999-12-31';

const day = z
  .string({ error: CALENDAR_MESSAGES.dateInvalid })
  .max(20, CALENDAR_MESSAGES.dateInvalid)
  .transform((v) => v.trim())
  .refine(isCalendarDay, CALENDAR_MESSAGES.dateInvalid);

/**
 * GET /api/calendar?from=&to=, calendar.events. Both absent: this week (Monday to Sunday, UTC); one absent: the week
 * starting (or ending) at the other. Checked here: the days, their order and the window's length.
 */
export const calendarRangeSchema = z
  .object({ from: day.optional(), to: day.optional() })
  .superRefine(({ from, to }, ctx) => {
    if (!from || !to) return;
    if (from > to) ctx.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.order });
    else if (daysCovered(from, to) > MAX_CALENDAR_DAYS)
      ctx.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.tooLong });
  });
export type CalendarRangeInput = z.input<typeof calendarRangeSchema>;
