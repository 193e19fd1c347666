import uPlot from 'uplot';
import { movingAverageStudy } from '../../src/shared/indicators/crossovers';
import { toChartSeries } from '../../src/shared/indicators/sma';
import type { HistoryPoint } from '../../src/shared/market/types';
import { drawSignal, drawnChart, firstDrawOnce, median, randomWalk, type ChartSubject } from './benchData';

/**
 * The baseline: uPlot on its own, with its stock line paths and axes, drawing what the Tickwise chart's line mode
 * shows (the close, MA20 and MA50 over time) into the same 1200 x 600 box at the same pixel ratio. Its columns are
 * made before the clock starts, so the figure is uPlot's own draw; the Tickwise figures include turning the points
 * into columns (and the moving averages), as a page does. Nothing else is added: no area fill, volume, markers or
 * hover readout.
 */

type Columns = [number[], number[], (number | null)[], (number | null)[]];

function columnsOf(n: number, stepMs: number, seed: number): Columns {
  const points = randomWalk(n, stepMs, seed);
  const close = points.map((p) => p.close);
  const study = movingAverageStudy(close);
  return [points.map((p) => p.time), close, toChartSeries(study.maShort), toChartSeries(study.maLong)];
}

const EMPTY: Columns = [[], [], [], []];

/** A plain uPlot with the three lines, fed ready-made columns. */
const plainUplot: ChartSubject<Columns> = {
  data: columnsOf,
  mount(host) {
    const signal = drawSignal();
    const plot = new uPlot(
      {
        width: host.clientWidth,
        height: host.clientHeight,
        ms: 1,
        legend: { show: false },
        scales: { x: { time: true } },
        series: [
          {},
          { stroke: '#12b886', width: 2, points: { show: false } },
          { stroke: '#fab005', width: 1.5, points: { show: false } },
          { stroke: '#7950f2', width: 1.5, points: { show: false } },
        ],
        hooks: { draw: [signal.onDraw] },
      },
      EMPTY,
      host,
    );
    return {
      feed: (columns) => plot.setData(columns),
      nextDraw: signal.nextDraw,
      destroy: () => plot.destroy(),
    };
  },
};

/**
 * Medians of first draws and of redraws, the Tickwise chart's and raw uPlot's, measured turn about on the same seeds
 * so a machine busy with other work slows both alike and the ratio stays meaningful.
 */
export async function versusRaw(
  tickwise: { line: ChartSubject<HistoryPoint[]>; candles: ChartSubject<HistoryPoint[]> },
  n: number,
  stepMs: number,
  runs: number,
) {
  const first = { line: [] as number[], candles: [] as number[], raw: [] as number[] };
  for (let seed = 1; seed <= runs; seed++) {
    first.line.push(await firstDrawOnce(tickwise.line, n, stepMs, seed));
    first.raw.push(await firstDrawOnce(plainUplot, n, stepMs, seed));
    first.candles.push(await firstDrawOnce(tickwise.candles, n, stepMs, seed));
  }
  const ours = await drawnChart(tickwise.line, n, stepMs);
  const raw = await drawnChart(plainUplot, n, stepMs);
  const again = { line: [] as number[], raw: [] as number[] };
  for (let seed = 1; seed <= runs; seed++) {
    again.line.push(await ours.redraw(seed));
    again.raw.push(await raw.redraw(seed));
  }
  ours.remove();
  raw.remove();
  return {
    ours: { first: median(first.line), firstCandles: median(first.candles), again: median(again.line) },
    raw: { first: median(first.raw), again: median(again.raw) },
  };
}
