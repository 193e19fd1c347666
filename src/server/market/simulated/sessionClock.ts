import { DAY_MS, latestSession, previousSession } from '../../../shared/market/nyseCalendar';
import { rangeStart, TIMEFRAME_SPECS } from '../../../shared/market/timeframes';
import type { Timeframe } from '../../../shared/market/types';

/** 'exchange': NYSE sessions only; 'always': around the clock, every day (crypto). */
export type TradingHours = 'exchange' | 'always';

const MINUTE_MS = 60_000;

/**
 * Start of a timeframe's range at `now`. On an exchange the short ranges are whole sessions: 1D is the session
 * trading now or, while closed, the last one; 5D the last five. Around-the-clock markets use clock time.
 */
export function sessionRangeStart(timeframe: Timeframe, now: number, hours: TradingHours): number {
  const { sessions } = TIMEFRAME_SPECS[timeframe];
  if (hours === 'always' || sessions === undefined) return rangeStart(timeframe, now);
  let session = latestSession(now);
  for (let i = 1; i < sessions; i++) session = previousSession(session);
  return session.open;
}

export interface QuoteClock {
  /** Whether the market is trading at `now`. */
  open: boolean;
  /** The moment whose price is the previous close, the base of the day's change. */
  previousCloseAt: number;
  /** Start of the minute whose close is the quoted price (the last traded minute while closed). */
  time: number;
}

/**
 * Where a quote at `now` stands. On an exchange the day's change is measured from the close of the session before
 * the latest one (where the 1D chart starts), and a closed market quotes the last close. Around the clock, from the
 * price 24 hours ago: the same point the 1D chart starts from, so the chart's colour and the change agree.
 */
export function quoteClock(now: number, hours: TradingHours): QuoteClock {
  const minuteStart = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  if (hours === 'always') return { open: true, previousCloseAt: now - DAY_MS, time: minuteStart };
  const session = latestSession(now);
  return {
    open: now < session.close,
    previousCloseAt: previousSession(session).close,
    time: Math.min(minuteStart, session.close - MINUTE_MS),
  };
}
