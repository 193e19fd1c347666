import type { EarningsEvent, EarningsInfo } from '../../../shared/market/types';
import type { Instrument } from '../universe';
import { habitualDay, isoDay, yearOf } from './eventDays';
import { hashString } from './random';

/**
 * The simulated market's earnings dates: each company reports in its usual months (data files), around its usual
 * day give or take three trading days, always on a trading day. A date within CONFIRMED_WITHIN_DAYS is confirmed
 * (companies announce the date a few weeks ahead); later ones are estimated from the habit.
 */

export const CONFIRMED_WITHIN_DAYS = 28;
const HISTORY_DAYS = 3 * 365;
const UPCOMING_DAYS = 365;

/** The report days of `instrument` in [fromDay, toDay], oldest first. */
function reportDays(instrument: Instrument, fromDay: number, toDay: number): number[] {
  const habit = instrument.earnings;
  if (!habit) return [];
  const seed = hashString(`earnings ${instrument.symbol}`);
  const days: number[] = [];
  for (let year = yearOf(fromDay); year <= yearOf(toDay); year++)
    for (const month of habit.months) {
      const day = habitualDay(seed, year, month, habit.day, 3);
      if (day >= fromDay && day <= toDay) days.push(day);
    }
  return days.sort((a, b) => a - b);
}

/** Past reports (newest first) and coming ones (soonest first, today's included) as seen on UTC day `today`. */
export function simulatedEarnings(instrument: Instrument, today: number): EarningsInfo {
  const time = instrument.earnings?.time ?? null;
  const days = reportDays(instrument, today - HISTORY_DAYS, today + UPCOMING_DAYS);
  const event = (day: number, status: EarningsEvent['status']): EarningsEvent => ({ date: isoDay(day), status, time });
  return {
    symbol: instrument.symbol,
    history: days
      .filter((d) => d < today)
      .reverse()
      .map((d) => event(d, 'reported')),
    upcoming: days
      .filter((d) => d >= today)
      .map((d) => event(d, d - today <= CONFIRMED_WITHIN_DAYS ? 'confirmed' : 'estimated')),
  };
}
