import { DAY_MS, isTradingDay } from '../../../shared/market/nyseCalendar';
import { bits } from './random';

/** Calendar helpers of the simulated dividend and earnings schedules. Days are UTC day numbers (days since 1970). */

export const dayOf = (time: number) => Math.floor(time / DAY_MS);

/** 'YYYY-MM-DD' of a day number. */
export const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function yearOf(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/** The first trading day on or after `day`. */
export function tradingDayFrom(day: number): number {
  let d = day;
  while (!isTradingDay(d)) d++;
  return d;
}

/** The last trading day on or before `day`. */
export function tradingDayUntil(day: number): number {
  let d = day;
  while (!isTradingDay(d)) d--;
  return d;
}

/**
 * The trading day a habit "around day `usual` of the month" lands on in one year: moved by up to `jitter` days either
 * way (the same for every run, differing year to year as real calendars do), kept in the month. A usual day at the
 * month's end (28 or later) means its last business day, so it rolls back instead of into the next month.
 */
export function habitualDay(seed: number, year: number, month: number, usual: number, jitter: number): number {
  const length = daysInMonth(year, month);
  const monthEnd = usual >= 28;
  const shift = jitter > 0 ? (bits(seed, year * 12 + month) % (2 * jitter + 1)) - jitter : 0;
  const day = Math.min(Math.max(1, (monthEnd ? length : usual) + (monthEnd ? Math.min(0, shift) : shift)), length);
  const date = dayNumber(year, month, day);
  return monthEnd ? tradingDayUntil(date) : tradingDayFrom(date);
}
