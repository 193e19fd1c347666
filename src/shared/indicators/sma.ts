/**
 * Simple moving average in one pass (O(n) whatever the period): the window sum is updated by the difference between
 * the value entering and the value leaving, with Neumaier compensation so a million-point series does not drift
 * from the exact mean. Kept as one plain loop without helper calls: this runs over every chart series.
 * Entries before the first full window are NaN (charts draw them as gaps, see toChartSeries).
 */
export function sma(values: ArrayLike<number>, period: number): Float64Array {
  if (!Number.isInteger(period) || period < 1) throw new RangeError('period must be a positive integer');
  const n = values.length;
  const out = new Float64Array(n);
  let sum = 0;
  let compensation = 0;
  for (let i = 0; i < n; i++) {
    const change = i >= period ? values[i] - values[i - period] : values[i];
    const next = sum + change;
    compensation += Math.abs(sum) >= Math.abs(change) ? sum - next + change : change - next + sum;
    sum = next;
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
