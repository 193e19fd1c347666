import type { HistoryPoint } from '../../../shared/market/types';

export interface RangeChange {
  change: number;
  percent: number;
}

/**
 * The change over the points on the chart, first close to last: what the chart's colour follows (green when the
 * last close is above the first). Null with fewer than 2 points or a first close of 0.
 */
export function rangeChange(points: readonly HistoryPoint[] | undefined): RangeChange | null {
  if (!points || points.length < 2) return null;
  const first = points[0].close;
  const last = points[points.length - 1].close;
  if (!first) return null;
  return { change: last - first, percent: ((last - first) / first) * 100 };
}
