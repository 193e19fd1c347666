import type uPlot from 'uplot';
import { movingAverageStudy } from '../../src/shared/indicators/crossovers';
import { toChartSeries } from '../../src/shared/indicators/sma';
import type { HistoryPoint } from '../../src/shared/market/types';

/** What the raw uPlot baselines (rawUplot.ts, rawCandles.ts) share: their columns, made on the clock, and series. */

type Columns = [number[], number[], (number | null)[], (number | null)[]];

export function columnsOf(points: HistoryPoint[]): Columns {
  const close = points.map((p) => p.close);
  const study = movingAverageStudy(close);
  return [points.map((p) => p.time), close, toChartSeries(study.maShort), toChartSeries(study.maLong)];
}

export const EMPTY: Columns = [[], [], [], []];

/** The three lines of the plain uPlot; the candle baseline swaps the close's paths for its hook. */
export function lineSeries(): uPlot.Series[] {
  return [
    {},
    { stroke: '#12b886', width: 2, points: { show: false } },
    { stroke: '#fab005', width: 1.5, points: { show: false } },
    { stroke: '#7950f2', width: 1.5, points: { show: false } },
  ];
}
