import uPlot from 'uplot';
import type { HistoryPoint } from '../../src/shared/market/types';
import { drawSignal, drawnChart, firstDrawOnce, median, randomWalk, type ChartSubject } from './benchData';
import { rawCandles } from './rawCandles';
import { columnsOf, EMPTY, lineSeries } from './rawColumns';

/**
 * The baseline: uPlot on its own, with its stock line paths and axes, drawing what the Tickwise chart's line mode
 * shows (the close, MA20 and MA50 over time) into the same 1200 x 600 box at the same pixel ratio. Like the Tickwise
 * chart it is fed the history points and turns them into columns (and the moving averages, by the same shared code)
 * on the clock: both figures run from the same data in memory to the same paint. Nothing else is added: no area
 * fill, volume, markers or hover readout. uPlot has no candles of its own, so the candle chart is set against raw
 * uPlot drawing the same candles with a minimal draw hook (rawCandles.ts), not against its line.
 */

/** A plain uPlot with the three lines, fed history points. */
const plainUplot: ChartSubject<HistoryPoint[]> = {
  data: randomWalk,
  mount(host) {
    const signal = drawSignal();
    const plot = new uPlot(
      {
        width: host.clientWidth,
        height: host.clientHeight,
        ms: 1,
        legend: { show: false },
        scales: { x: { time: true } },
        series: lineSeries(),
        hooks: { draw: [signal.onDraw] },
      },
      EMPTY,
      host,
    );
    return {
      feed: (points) => plot.setData(columnsOf(points)),
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
  const first = { line: [] as number[], candles: [] as number[], raw: [] as number[], rawCandles: [] as number[] };
  for (let seed = 1; seed <= runs; seed++) {
    first.line.push(await firstDrawOnce(tickwise.line, n, stepMs, seed));
    first.raw.push(await firstDrawOnce(plainUplot, n, stepMs, seed));
    first.candles.push(await firstDrawOnce(tickwise.candles, n, stepMs, seed));
    first.rawCandles.push(await firstDrawOnce(rawCandles, n, stepMs, seed));
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
    raw: { first: median(first.raw), firstCandles: median(first.rawCandles), again: median(again.raw) },
  };
}
