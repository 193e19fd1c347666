const YEAR_MS = 365.25 * 86_400_000;

/** Percent change from the last close at or before `since` to the latest close; null when the series starts later. */
export function percentChangeSince(times: ArrayLike<number>, closes: ArrayLike<number>, since: number): number | null {
  const n = closes.length;
  if (n < 2 || times[0] > since) return null;
  let i = n - 1;
  while (i > 0 && times[i] > since) i--;
  const base = closes[i];
  return base > 0 ? (closes[n - 1] / base - 1) * 100 : null;
}

/**
 * Annualized volatility in percent: the standard deviation of log returns scaled by the bar frequency, which is
 * read from the timestamps (252-ish bars a year for an exchange, 365 for a market that never closes).
 */
export function annualizedVolatility(times: ArrayLike<number>, closes: ArrayLike<number>): number | null {
  const n = closes.length;
  if (n < 3) return null;
  const span = times[n - 1] - times[0];
  if (span <= 0) return null;
  const barsPerYear = ((n - 1) / span) * YEAR_MS;
  let mean = 0;
  for (let i = 1; i < n; i++) mean += Math.log(closes[i] / closes[i - 1]);
  mean /= n - 1;
  let variance = 0;
  for (let i = 1; i < n; i++) {
    const d = Math.log(closes[i] / closes[i - 1]) - mean;
    variance += d * d;
  }
  variance /= n - 2;
  return Math.sqrt(variance * barsPerYear) * 100;
}

/** How far the latest close sits below the highest close of the series, in percent (0 at a new high, negative below). */
export function drawdownFromHigh(closes: ArrayLike<number>): number | null {
  const n = closes.length;
  if (n === 0) return null;
  let high = -Infinity;
  for (let i = 0; i < n; i++) if (closes[i] > high) high = closes[i];
  return high > 0 ? (closes[n - 1] / high - 1) * 100 : null;
}
