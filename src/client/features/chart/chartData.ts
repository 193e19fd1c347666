import { confirmedCrossovers, movingAverageStudy } from '../../../shared/indicators/crossovers';
import { toChartSeries } from '../../../shared/indicators/sma';
import type { HistoryPoint } from '../../../shared/market/types';
import type { ChartData } from './chartTypes';
import { closeGaps } from './sessionAxis';

const DAY_MS = 86_400_000;

/**
 * History points -> the chart's columns: OHLC and volume, MA20/MA50 (gaps before the first full window) and the confirmed
 * crossover indices, computed by the shared indicator code the server's rating uses too. O(n): a 100,000-point series
 * takes a few milliseconds.
 */
export function buildChartData(points: readonly HistoryPoint[]): ChartData {
  const n = points.length;
  const x = new Array<number>(n);
  const open = new Array<number>(n);
  const high = new Array<number>(n);
  const low = new Array<number>(n);
  const close = new Array<number>(n);
  const volume = new Array<number>(n);
  let maxVolume = 0;
  for (let i = 0; i < n; i++) {
    const p = points[i];
    x[i] = p.time;
    open[i] = p.open;
    high[i] = p.high;
    low[i] = p.low;
    close[i] = p.close;
    volume[i] = p.volume;
    if (p.volume > maxVolume) maxVolume = p.volume;
  }
  const intraday = n >= 2 && (x[n - 1] - x[0]) / (n - 1) < DAY_MS;
  // Daily bars keep their weekend gaps (a day or two wide); intraday ranges close up nights and weekends.
  const drawn = intraday ? closeGaps(x) : { x, compressed: false };
  const study = movingAverageStudy(close);
  const buys: number[] = [];
  const sells: number[] = [];
  // The markers are the crossovers that held, a handful per view, not every whipsaw of the averages.
  for (const signal of confirmedCrossovers(study.maShort, study.maLong))
    (signal.type === 'buy' ? buys : sells).push(signal.index);
  return {
    x: drawn.x,
    times: x,
    compressed: drawn.compressed,
    open,
    high,
    low,
    close,
    volume,
    maxVolume,
    ma20: toChartSeries(study.maShort),
    ma50: toChartSeries(study.maLong),
    buys,
    sells,
    direction: n >= 2 && close[n - 1] > close[0] ? 'up' : 'down',
    intraday,
  };
}
