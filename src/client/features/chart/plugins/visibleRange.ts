import type uPlot from 'uplot';

/** First index whose time is >= t, or > t when `after` (binary search; times ascend). */
export function bound(times: readonly number[], t: number, after = false): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid] < t || (after && times[mid] === t)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Indices [from, to] of the points inside the plot's x range (zoomed or not); to < from when none is. */
export function visibleRange(u: uPlot, times: readonly number[]): [number, number] {
  const min = u.scales.x.min ?? times[0];
  const max = u.scales.x.max ?? times[times.length - 1];
  return [bound(times, min), bound(times, max, true) - 1];
}
