import type { Timeframe } from './types';

/** Bar sizes the providers can deliver (Yahoo's interval names). */
export type BarSize = '1m' | '5m' | '30m' | '1d' | '1wk';

export const BAR_SIZE_MS: Readonly<Record<BarSize, number>> = {
  '1m': 60_000,
  '5m': 5 * 60_000,
  '30m': 30 * 60_000,
  '1d': 86_400_000,
  '1wk': 7 * 86_400_000,
};

export interface TimeframeSpec {
  bar: BarSize;
  /** How far back the range reaches; YTD is computed from the calendar instead. */
  lookback: { days: number } | { months: number } | { years: number } | 'ytd';
  /** True when the range is built from intraday bars (live minute updates apply directly). */
  intraday: boolean;
  /**
   * For an exchange that closes: the range is this many whole trading sessions (the current one counts once it
   * opens), not a span of clock time, so a 1D chart is one session and 5D has no nights or weekends.
   */
  sessions?: number;
}

/**
 * The one table mapping a chart timeframe to its bar size (issue 3). Each range holds a few hundred to ~1,500
 * points: enough detail to read, little enough to draw in a frame.
 */
export const TIMEFRAME_SPECS: Readonly<Record<Timeframe, TimeframeSpec>> = {
  '1D': { bar: '1m', lookback: { days: 1 }, intraday: true, sessions: 1 },
  '5D': { bar: '5m', lookback: { days: 5 }, intraday: true, sessions: 5 },
  '1M': { bar: '30m', lookback: { months: 1 }, intraday: true },
  '6M': { bar: '1d', lookback: { months: 6 }, intraday: false },
  YTD: { bar: '1d', lookback: 'ytd', intraday: false },
  '1Y': { bar: '1d', lookback: { years: 1 }, intraday: false },
  '5Y': { bar: '1wk', lookback: { years: 5 }, intraday: false },
};

/** Start of a timeframe's range (UTC milliseconds) for a range ending at `now`. */
export function rangeStart(timeframe: Timeframe, now: number): number {
  const { lookback } = TIMEFRAME_SPECS[timeframe];
  const d = new Date(now);
  if (lookback === 'ytd') return Date.UTC(d.getUTCFullYear(), 0, 1);
  if ('days' in lookback) return now - lookback.days * 86_400_000;
  if ('months' in lookback) {
    d.setUTCMonth(d.getUTCMonth() - lookback.months);
    return d.getTime();
  }
  d.setUTCFullYear(d.getUTCFullYear() - lookback.years);
  return d.getTime();
}

/** Start of the bar containing `time`. Weekly bars start on Monday 00:00 UTC, like Yahoo's. */
export function barStart(bar: BarSize, time: number): number {
  if (bar === '1wk') {
    const dayStart = Math.floor(time / 86_400_000) * 86_400_000;
    const weekday = (new Date(dayStart).getUTCDay() + 6) % 7; // Monday = 0
    return dayStart - weekday * 86_400_000;
  }
  const size = BAR_SIZE_MS[bar];
  return Math.floor(time / size) * size;
}
