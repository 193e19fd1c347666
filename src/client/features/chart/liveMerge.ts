import { barStart, TIMEFRAME_SPECS } from '../../../shared/market/timeframes';
import type { HistoryPoint, LiveQuoteEvent, Timeframe } from '../../../shared/market/types';

/**
 * Folds one live-quote push into a fetched history without re-fetching it: a tick inside the last bar moves that
 * bar's close (and high/low), a tick past it starts a new bar, aligned to the timeframe's bar size. On 1D that is a
 * new point each minute; on daily ranges the last day's close follows the live price.
 * Returns the same array when nothing changes, so React can skip the redraw.
 */
export function mergeLiveUpdate(
  points: readonly HistoryPoint[],
  event: Pick<LiveQuoteEvent, 'quote' | 'bar'>,
  timeframe: Timeframe,
): readonly HistoryPoint[] {
  const n = points.length;
  if (n === 0) return points;
  const last = points[n - 1];
  const { bar, quote } = event;
  const time = bar?.time ?? quote.regularMarketTime;
  const price = bar?.close ?? quote.regularMarketPrice;
  if (!Number.isFinite(price) || !Number.isFinite(time) || time < last.time) return points;

  const barSize = TIMEFRAME_SPECS[timeframe].bar;
  const bucket = barStart(barSize, time);
  // Providers may stamp a bar later than its aligned start (a daily bar at the open): anything up to the
  // last bar's stamp belongs to that bar.
  if (bucket <= last.time) {
    const sameMinuteBar = bar !== null && bar.time === last.time && barSize === '1m';
    const updated: HistoryPoint = sameMinuteBar
      ? { ...bar }
      : {
          ...last,
          close: price,
          high: Math.max(last.high, bar?.high ?? price),
          low: Math.min(last.low, bar?.low ?? price),
        };
    if (updated.close === last.close && updated.high === last.high && updated.low === last.low) return points;
    const next = points.slice();
    next[n - 1] = updated;
    return next;
  }
  return [
    ...points,
    {
      time: bucket,
      open: bar?.open ?? price,
      high: bar?.high ?? price,
      low: bar?.low ?? price,
      close: price,
      volume: bar?.volume ?? 0,
    },
  ];
}
