/**
 * Time series math for the analysis and the value chart. These are analytics, not money: plain numbers are precise
 * enough for volatilities, drawdowns and chart lines; balances and totals stay exact decimals elsewhere.
 */

export interface Series {
  times: number[];
  values: number[];
}

export interface WeightedSeries {
  quantity: number;
  times: readonly number[];
  closes: readonly number[];
}

/**
 * The value of fixed quantities over time: every timestamp any series has, each close carried forward until the
 * next (a stock's weekend next to crypto's trading days), starting once every series has a price so the line
 * never jumps when a late-listed holding appears.
 */
export function holdingsValueSeries(parts: readonly WeightedSeries[]): Series {
  const usable = parts.filter((p) => p.times.length > 0);
  if (usable.length === 0) return { times: [], values: [] };
  let start = -Infinity;
  const all = new Set<number>();
  for (const p of usable) {
    if (p.times[0] > start) start = p.times[0];
    for (const t of p.times) all.add(t);
  }
  const times = [...all].filter((t) => t >= start).sort((a, b) => a - b);
  const values = new Array<number>(times.length).fill(0);
  for (const p of usable) {
    let j = 0;
    for (let i = 0; i < times.length; i++) {
      while (j + 1 < p.times.length && p.times[j + 1] <= times[i]) j++;
      values[i] += p.quantity * p.closes[j];
    }
  }
  return { times, values };
}

/** The largest fall from a running high to a later low, in percent (0 when the series never fell); null when empty. */
export function maxDrawdownPercent(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let peak = -Infinity;
  let worst = 0;
  for (const v of values) {
    if (v > peak) peak = v;
    else if (peak > 0) worst = Math.max(worst, (peak - v) / peak);
  }
  return worst * 100;
}

/** Fewer common returns than this and a beta says nothing. */
export const MIN_BETA_RETURNS = 20;

/**
 * Beta of a series against a benchmark: covariance of their simple returns over the benchmark's variance, on the
 * timestamps both have. Null with too little overlap or a flat benchmark.
 */
export function betaAgainst(series: Series, benchmark: Series): number | null {
  const benchAt = new Map<number, number>();
  benchmark.times.forEach((t, i) => benchAt.set(t, benchmark.values[i]));
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < series.times.length; i++) {
    const bench = benchAt.get(series.times[i]);
    if (bench !== undefined) {
      a.push(series.values[i]);
      b.push(bench);
    }
  }
  const ra: number[] = [];
  const rb: number[] = [];
  for (let i = 1; i < a.length; i++) {
    if (a[i - 1] > 0 && b[i - 1] > 0) {
      ra.push(a[i] / a[i - 1] - 1);
      rb.push(b[i] / b[i - 1] - 1);
    }
  }
  const n = ra.length;
  if (n < MIN_BETA_RETURNS) return null;
  const meanA = ra.reduce((s, x) => s + x, 0) / n;
  const meanB = rb.reduce((s, x) => s + x, 0) / n;
  let cov = 0;
  let varB = 0;
  for (let i = 0; i < n; i++) {
    cov += (ra[i] - meanA) * (rb[i] - meanB);
    varB += (rb[i] - meanB) ** 2;
  }
  return varB > 0 ? cov / varB : null;
}
