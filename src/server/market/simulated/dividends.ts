import type { DividendEvent, DividendInfo } from '../../../shared/market/types';
import { paymentsPerYear } from '../universe/habits';
import type { Instrument } from '../universe';
import { habitualDay, isoDay, tradingDayFrom, yearOf } from './eventDays';
import { hashString } from './random';

/**
 * The simulated market's dividends: a pure function of the listing's habit (data files) and the day. Each year pays
 * the reference yield on the reference price, grown by the listing's price growth from 2026 (so the yield on the
 * simulated price stays near the reference), in equal payments that change once a year, as most companies raise
 * theirs. Ex-dates fall on the usual day give or take two trading days; payment follows after the usual delay.
 * An event is declared once its ex-date is at most DECLARED_WITHIN_DAYS away, and stays declared until paid.
 */

/** Companies announce a dividend some weeks before it goes ex. */
export const DECLARED_WITHIN_DAYS = 30;
const HISTORY_DAYS = 5 * 365;
const UPCOMING_DAYS = 365;
/**
 * The trailing rate is a year's worth of the latest payments (four for a quarterly payer), looked for this far
 * back: a plain 365-day sum would count five when two ex-dates a year apart fall a day or two nearer.
 */
export const TRAILING_LOOKBACK_DAYS = 400;
/** The year the reference yield applies to. */
const REFERENCE_YEAR = 2026;

interface Dated {
  exDay: number;
  payDay: number;
  amount: number;
}

/** Per-share amount of one payment in `year`: cents, or four decimals for the tiny monthly ones of cash funds. */
function amountIn(instrument: Instrument, year: number): number {
  const habit = instrument.dividend!;
  const annual = habit.yield * instrument.price * (1 + instrument.growth) ** (year - REFERENCE_YEAR);
  const each = annual / paymentsPerYear(habit.frequency);
  return each >= 0.05 ? Math.round(each * 100) / 100 : Math.round(each * 10_000) / 10_000;
}

/** Every payment whose ex-date falls in [fromDay, toDay], oldest first. */
function paymentsBetween(instrument: Instrument, fromDay: number, toDay: number): Dated[] {
  const habit = instrument.dividend;
  if (!habit) return [];
  const seed = hashString(`dividends ${instrument.symbol}`);
  // Monthly payers (cash and bond funds) keep to their day; the others move a little from year to year.
  const jitter = habit.frequency === 'monthly' ? 0 : 2;
  const out: Dated[] = [];
  for (let year = yearOf(fromDay); year <= yearOf(toDay); year++) {
    const amount = amountIn(instrument, year);
    for (const month of habit.months) {
      const exDay = habitualDay(seed, year, month, habit.day, jitter);
      if (exDay < fromDay || exDay > toDay) continue;
      out.push({ exDay, payDay: tradingDayFrom(exDay + habit.payLagDays), amount });
    }
  }
  return out.sort((a, b) => a.exDay - b.exDay);
}

/** Decimal string without trailing zeros: 0.25, 0.0033, 1.2. */
const decimal = (x: number) => String(Math.round(x * 10_000) / 10_000);

/**
 * The dividend picture of `instrument` on UTC day `today`, valued at `price` (for the yield). Paid events are the
 * history; declared and projected ones, including one past its ex-date but not yet paid, are upcoming.
 */
export function simulatedDividends(instrument: Instrument, today: number, price: number): DividendInfo {
  const { symbol, currency } = instrument;
  const habit = instrument.dividend;
  if (!habit) {
    return {
      symbol,
      currency,
      trailingAnnualRate: null,
      trailingYield: null,
      frequency: null,
      history: [],
      upcoming: [],
    };
  }
  const payments = paymentsBetween(instrument, today - HISTORY_DAYS - 60, today + UPCOMING_DAYS);
  const event = (p: Dated, status: DividendEvent['status']): DividendEvent => ({
    exDate: isoDay(p.exDay),
    payDate: isoDay(p.payDay),
    amount: decimal(p.amount),
    currency,
    status,
  });
  const history = payments
    .filter((p) => p.payDay <= today && p.exDay >= today - HISTORY_DAYS)
    .reverse()
    .map((p) => event(p, 'paid'));
  const upcoming = payments
    .filter((p) => p.payDay > today)
    .map((p) => event(p, p.exDay - today <= DECLARED_WITHIN_DAYS ? 'declared' : 'projected'));
  const trailing = payments
    .filter((p) => p.exDay <= today && p.exDay > today - TRAILING_LOOKBACK_DAYS)
    .slice(-paymentsPerYear(habit.frequency))
    .reduce((sum, p) => sum + p.amount, 0);
  return {
    symbol,
    currency,
    trailingAnnualRate: trailing > 0 ? decimal(trailing) : null,
    trailingYield: trailing > 0 ? Math.round((trailing / price) * 1e6) / 1e6 : null,
    frequency: habit.frequency,
    history,
    upcoming,
  };
}
