import { z } from 'zod';
import { DAY_MS, isMarketOpen, nyseNamedHolidays, sessionOn } from '../../../shared/market/nyseCalendar';
import { isoDate } from './common';
import { isoDay } from './period';
import { defineTool } from './types';

/** market_hours(date?): whether the NYSE trades on a day, its hours, why not, and the next open. */

export interface MarketHoursData {
  exchange: 'NYSE';
  date: string;
  weekday: string;
  /** The exchange holds a regular session that day. */
  tradingDay: boolean;
  /** For today: trading at this moment. */
  openNow: boolean | null;
  /** Why there is no session: a weekend or the named holiday. */
  closedFor: 'weekend' | 'holiday' | null;
  holiday: string | null;
  /** The exchange's regular hours in New York time, which every session keeps (holidays aside). */
  regularHours: string;
  /** That day's session in UTC, when there is one. */
  opensAt: string | null;
  closesAt: string | null;
  /** The next session's opening (after `date`, or later today when it has not opened yet). */
  nextOpen: string;
  nextOpenDate: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const REGULAR_HOURS = '09:30-16:00 New York time (ET); early closes at 13:00 on some holiday eves are not shown';

/** The first session that opens after `time`. */
function nextSessionAfter(time: number): { open: number; day: number } {
  for (let day = Math.floor(time / DAY_MS); ; day++) {
    const session = sessionOn(day);
    if (session && session.open > time) return session;
  }
}

export const marketHoursTool = defineTool({
  name: 'market_hours',
  description:
    'Whether the New York Stock Exchange is open on a day (today when no date is given): its regular hours, whether ' +
    'it is trading right now, the reason it is closed (weekend or the named exchange holiday) and the next open. ' +
    'Use it for "is the market open today/now", "is the market open on July 4", "when does the market open".',
  input: z.object({ date: isoDay.optional().describe('The day asked about, YYYY-MM-DD; leave out for today') }),
  progress: ({ date }) => `Checking the NYSE calendar${date ? ` for ${date}` : ''}…`,
  run({ date }, { deps }) {
    const now = deps.now();
    const today = isoDate(now);
    const asked = date ?? today;
    const day = Date.parse(`${asked}T00:00:00Z`) / DAY_MS;
    const session = sessionOn(day);
    const weekday = new Date(day * DAY_MS).getUTCDay();
    const holiday = nyseNamedHolidays(new Date(day * DAY_MS).getUTCFullYear()).find((h) => h.day === day)?.name ?? null;
    const next = nextSessionAfter(asked === today ? now : (day + 1) * DAY_MS - 1);
    const data: MarketHoursData = {
      exchange: 'NYSE',
      date: asked,
      weekday: WEEKDAYS[weekday],
      tradingDay: session !== null,
      openNow: asked === today ? isMarketOpen(now) : null,
      closedFor: session ? null : weekday === 0 || weekday === 6 ? 'weekend' : 'holiday',
      holiday: session ? null : holiday,
      regularHours: REGULAR_HOURS,
      opensAt: session ? new Date(session.open).toISOString() : null,
      closesAt: session ? new Date(session.close).toISOString() : null,
      nextOpen: new Date(next.open).toISOString(),
      nextOpenDate: isoDate(next.open),
    };
    return Promise.resolve({
      data,
      source: { provider: 'nyse-calendar', simulated: false, label: 'NYSE holiday calendar' },
      asOf: now,
      subject: `NYSE ${asked}`,
    });
  },
});
