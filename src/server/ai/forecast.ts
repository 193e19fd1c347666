/**
 * Forecast maths: a log-normal model on daily log returns, and its measured calibration.
 *
 * Model. With r_t = ln(S_t / S_{t-1}) over an estimation window of W bars, sigma is the sample standard deviation
 * and mu the mean of r. After k bars, ln(S_k / S_0) ~ N(mu·k, sigma²·k), so the q-quantile of the price is
 * S_0 · exp(mu·k + z_q · sigma · sqrt(k)). Drift is 0 by default (mu = 0: the median path stays at today's price),
 * because a year of returns estimates the drift far too poorly to project it; the estimated drift is offered as
 * a toggle. P(S_k > S_0) = Phi(mu·k / (sigma·sqrt(k))).
 *
 * Calibration. Rolling-origin back-tests on the symbol's own history: at every origin t with a full window before
 * it and an outcome k bars after it, the same method (same W, same k, zero drift) makes a band from data up to t
 * only; the share of outcomes S_{t+k} that land inside the 80 % (95 %) band is the band's measured coverage.
 * Windows overlap, so n counts back-tests, not independent trials.
 */

/** Standard normal CDF (Abramowitz & Stegun 7.1.26 via erf, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp((-x * x) / 2);
  return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** Inverse standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError('p must be in (0, 1)');
  const a = [
    -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
    2.506628277459239,
  ];
  const b = [
    -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1,
  ];
  const c = [
    -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    );
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/** z of the two-sided central bands: 80 % runs from the 10th to the 90th percentile, 95 % from 2.5th to 97.5th. */
export const Z80 = normalQuantile(0.9);
export const Z95 = normalQuantile(0.975);

const YEAR_MS = 365.25 * 86_400_000;

/** Bars per year read off the timestamps: about 252 for an exchange, 365 for a market that never closes. */
export function barsPerYear(times: ArrayLike<number>): number {
  const n = times.length;
  if (n < 2) return 252;
  const span = times[n - 1] - times[0];
  return span > 0 ? ((n - 1) / span) * YEAR_MS : 252;
}

export interface ReturnStats {
  /** Mean daily log return (the drift per bar). */
  mu: number;
  /** Standard deviation of daily log returns (per bar). */
  sigma: number;
  /** Returns in the window. */
  n: number;
}

/** Mean and sample standard deviation of the log returns of closes[from..to] (indices inclusive). */
export function returnStats(closes: ArrayLike<number>, from: number, to: number): ReturnStats {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let i = Math.max(1, from + 1); i <= to; i++) {
    const r = Math.log(closes[i] / closes[i - 1]);
    sum += r;
    sumSq += r * r;
    n++;
  }
  if (n < 2) return { mu: 0, sigma: 0, n };
  const mu = sum / n;
  return { mu, sigma: Math.sqrt(Math.max(0, (sumSq - n * mu * mu) / (n - 1))), n };
}

/** The price's q-quantile after `steps` bars. */
export function priceQuantile(s0: number, mu: number, sigma: number, steps: number, z: number): number {
  return s0 * Math.exp(mu * steps + z * sigma * Math.sqrt(steps));
}

export interface Bands {
  median: number[];
  lower80: number[];
  upper80: number[];
  lower95: number[];
  upper95: number[];
}

/** Median path and bands for bars 1..steps. */
export function forecastBands(s0: number, mu: number, sigma: number, steps: number): Bands {
  const bands: Bands = { median: [], lower80: [], upper80: [], lower95: [], upper95: [] };
  for (let k = 1; k <= steps; k++) {
    bands.median.push(priceQuantile(s0, mu, sigma, k, 0));
    bands.lower80.push(priceQuantile(s0, mu, sigma, k, -Z80));
    bands.upper80.push(priceQuantile(s0, mu, sigma, k, Z80));
    bands.lower95.push(priceQuantile(s0, mu, sigma, k, -Z95));
    bands.upper95.push(priceQuantile(s0, mu, sigma, k, Z95));
  }
  return bands;
}

/** Probability that the price after `steps` bars is above today's. */
export function probabilityAbove(mu: number, sigma: number, steps: number): number {
  // Zero drift: the log-normal is symmetric about today's log price, exactly even odds.
  if (mu === 0) return 0.5;
  if (sigma <= 0) return mu > 0 ? 1 : 0;
  return normalCdf((mu * steps) / (sigma * Math.sqrt(steps)));
}

export interface Calibration {
  /** Back-tests run. */
  n: number;
  /** Shares of outcomes inside the bands, 0..1. */
  coverage80: number;
  coverage95: number;
  /** Span from the first origin to the last outcome, in years. */
  years: number;
}

/**
 * Rolling-origin back-tests of the zero-drift band: window of `window` returns before each origin, outcome `steps`
 * bars after it. O(n) with prefix sums. Null when the history is too short for a single back-test.
 */
export function backtestCalibration(
  times: ArrayLike<number>,
  closes: ArrayLike<number>,
  window: number,
  steps: number,
): Calibration | null {
  const n = closes.length;
  const firstOrigin = window;
  const lastOrigin = n - 1 - steps;
  if (lastOrigin < firstOrigin || window < 2) return null;
  // prefix[i] = sum of r_1..r_i, where r_i = ln(c_i / c_{i-1}).
  const prefix = new Float64Array(n);
  const prefixSq = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    const r = Math.log(closes[i] / closes[i - 1]);
    prefix[i] = prefix[i - 1] + r;
    prefixSq[i] = prefixSq[i - 1] + r * r;
  }
  let hits80 = 0;
  let hits95 = 0;
  let count = 0;
  const root = Math.sqrt(steps);
  for (let t = firstOrigin; t <= lastOrigin; t++) {
    // Returns r_{t-window+1} .. r_t: the window ends at the origin.
    const sum = prefix[t] - prefix[t - window];
    const sumSq = prefixSq[t] - prefixSq[t - window];
    const mean = sum / window;
    const sigma = Math.sqrt(Math.max(0, (sumSq - window * mean * mean) / (window - 1)));
    const move = Math.abs(Math.log(closes[t + steps] / closes[t]));
    if (move <= Z80 * sigma * root) hits80++;
    if (move <= Z95 * sigma * root) hits95++;
    count++;
  }
  return {
    n: count,
    coverage80: hits80 / count,
    coverage95: hits95 / count,
    years: (times[lastOrigin + steps] - times[firstOrigin]) / YEAR_MS,
  };
}
