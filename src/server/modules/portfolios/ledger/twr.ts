import type { Dec } from '../../../../shared/portfolio/decimal';
import { ONE, Ratio } from './money';

/**
 * Time-weighted return, linked day by day: r_t = (V_t + Out_t) / (V_{t−1} + In_t) − 1. Inflows (deposits, shortfalls
 * paid from outside) count at the start of the day, so they earn that day's move; outflows (withdrawals) at the end,
 * so they earned it before leaving. Neither is a gain, so each day's return measures the investments alone.
 *
 * When V_{t−1} + In_t is zero nothing was invested that day and there is nothing to measure: r_t = 0, not a division
 * by zero (a dividend arriving after everything was withdrawn shows in the decomposition, not as an infinite return).
 * A period in which no day had anything invested has no TWR at all: "not meaningful", null.
 */
export function dailyGrowth(previousValue: Dec, inflow: Dec, value: Dec, outflow: Dec): Ratio | null {
  const base = previousValue.plus(inflow);
  if (!base.isPositive() || base.isZero()) return null;
  return new Ratio(value.plus(outflow)).div(base);
}

/** Days linked into one period: the whole range, or one calendar month of it. */
export class TwrLink {
  growth: Ratio = new Ratio(1);
  /** Whether any day had something invested. */
  meaningful = false;

  /** Links one day's growth factor 1 + r_t (null: nothing invested, r_t = 0). */
  link(growth: Ratio | null): void {
    if (growth === null) return;
    this.meaningful = true;
    this.growth = this.growth.times(growth);
  }

  /** The cumulative return, or null when nothing was ever invested. */
  cumulative(): Ratio | null {
    return this.meaningful ? this.growth.minus(ONE) : null;
  }
}

/** (1 + R)^(365 / days) − 1: only for periods of a year or more (a month's return scaled up to a year misleads). */
export function annualise(cumulative: Ratio | null, days: number): Ratio | null {
  if (cumulative === null || days < 365) return null;
  const growth = cumulative.plus(1);
  if (growth.isZero()) return new Ratio(-1);
  return growth.pow(new Ratio(365).div(days)).minus(1);
}
