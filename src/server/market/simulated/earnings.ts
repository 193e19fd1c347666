import { earningsEps } from '../../../shared/market/eps';
import type { EarningsEps, EarningsEvent, EarningsInfo } from '../../../shared/market/types';
import type { Instrument } from '../universe';
import { dayNumber, habitualDay, isoDay, yearOf } from './eventDays';
import { hashString, normal } from './random';

/**
 * The simulated market's earnings dates: each company reports in its usual months (data files), around its usual
 * day give or take three trading days, always on a trading day. A date within CONFIRMED_WITHIN_DAYS is confirmed
 * (companies announce the date a few weeks ahead); later ones are estimated from the habit.
 * Each report has an EPS estimate, and the past ones an actual (simulatedEps).
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

const START_2026 = dayNumber(2026, 1, 1);
const cents = (x: number) => Math.round(x * 100) / 100;

/**
 * The quarter's EPS reported on `day`: the company's earnings at its data file's price and P/E (a loss of 3 % of the
 * price a year when it has no P/E), a quarter of them, grown at the price's drift. The consensus misses that by a few
 * percent; the company beats the consensus more often than not (about 2.5 % on average, as real reports do), by a
 * draw of its own. Pure in (symbol, day): the same figures on every run and instance.
 */
export function simulatedEps(instrument: Instrument, day: number, reported: boolean): EarningsEps | undefined {
  const yearly = instrument.pe && instrument.pe > 0 ? instrument.price / instrument.pe : -0.03 * instrument.price;
  const trend = (yearly / 4) * (1 + instrument.growth) ** ((day - START_2026) / 365);
  const seed = hashString(`eps ${instrument.symbol}`);
  const estimate = cents(trend * (1 + 0.04 * normal(seed, day)));
  const actual = cents(estimate + Math.abs(estimate) * (0.025 + 0.06 * normal(seed ^ 0x2545f491, day)));
  return earningsEps(estimate, reported ? actual : null, instrument.currency);
}

/** Past reports (newest first) and coming ones (soonest first, today's included) as seen on UTC day `today`. */
export function simulatedEarnings(instrument: Instrument, today: number): EarningsInfo {
  const time = instrument.earnings?.time ?? null;
  const days = reportDays(instrument, today - HISTORY_DAYS, today + UPCOMING_DAYS);
  const event = (day: number, status: EarningsEvent['status']): EarningsEvent => ({
    date: isoDay(day),
    status,
    time,
    eps: simulatedEps(instrument, day, status === 'reported'),
  });
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
