/**
 * Simple moving average in one pass (O(n) whatever the period): a running window sum, with Neumaier
 * compensation so a million-point series does not drift from the exact mean.
 * Entries before the first full window are NaN (charts draw them as gaps, see toChartSeries).
 */
export function sma(values: ArrayLike<number>, period: number): Float64Array {
  if (!Number.isInteger(period) || period < 1) throw new RangeError('period must be a positive integer');
  const n = values.length;
  const out = new Float64Array(n);
  let sum = 0;
  let compensation = 0;
  const add = (x: number) => {
    const t = sum + x;
    compensation += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
  };
  for (let i = 0; i < n; i++) {
    add(values[i]);
    if (i >= period) add(-values[i - period]);
    out[i] = i >= period - 1 ? (sum + compensation) / period : NaN;
  }
  return out;
}

/** NaN gaps as null, the form uPlot and JSON expect. */
export function toChartSeries(values: ArrayLike<number>): (number | null)[] {
  const out = new Array<number | null>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = Number.isNaN(values[i]) ? null : values[i];
  return out;
}
