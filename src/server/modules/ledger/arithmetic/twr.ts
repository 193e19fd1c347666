/**
 * Time-weighted return, linked day by day: r_t = (V_t + Out_t) / (V_{t−1} + In_t) − 1. Inflows (deposits, shortfalls
 * paid from outside) count at the start of the day, so they earn that day's move; outflows (withdrawals) at the end,
 * so they earned it before leaving. Neither is a gain, so each day's return measures the investments alone.
 *
 * When V_{t−1} + In_t is zero nothing was invested that day and there is nothing to measure: r_t = 0, not a division
 * by zero (a dividend arriving after everything was withdrawn shows in the decomposition, not as an infinite return).
 * A period in which no day had anything invested has no TWR at all: "not meaningful", null.
 *
 * Values arrive as whole cents (exact integers); a return is a ratio, not money, so it is linked in doubles: each
 * day adds at most 2^−53 of relative error, about 1e−12 over ten years, far below the 8 decimals an answer shows.
 */
export function dailyGrowth(
  previousCents: number,
  inflowCents: number,
  valueCents: number,
  outflowCents: number,
): number | null {
  const base = previousCents + inflowCents;
  if (base <= 0) return null;
  return (valueCents + outflowCents) / base;
}

/** Days linked into one period: the whole range, or one calendar month of it. */
export class TwrLink {
  growth = 1;
  /** Whether any day had something invested. */
  meaningful = false;

  /** Links one day's growth factor 1 + r_t (null: nothing invested, r_t = 0). */
  link(growth: number | null): void {
    if (growth === null) return;
    this.meaningful = true;
    this.growth *= growth;
  }

  clone(): TwrLink {
    const copy = new TwrLink();
    [copy.growth, copy.meaningful] = [this.growth, this.meaningful];
    return copy;
  }

  /** The cumulative return, or null when nothing was ever invested. */
  cumulative(): number | null {
    return this.meaningful ? this.growth - 1 : null;
  }
}

/** (1 + R)^(365 / days) − 1: only for periods of a year or more (a month's return scaled up to a year misleads). */
export function annualise(cumulative: number | null, days: number): number | null {
  if (cumulative === null || days < 365) return null;
  return Math.pow(1 + cumulative, 365 / days) - 1;
}
