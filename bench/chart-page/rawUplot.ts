import uPlot from 'uplot';
import { movingAverageStudy } from '../../src/shared/indicators/crossovers';
import { toChartSeries } from '../../src/shared/indicators/sma';
import { median, newHost, nextFrame, randomWalk } from './benchData';

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

/** A plain uPlot whose next paint can be awaited. */
function plainPlot(host: HTMLElement) {
  let resolveDraw: ((t: number) => void) | null = null;
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
      hooks: { draw: [() => resolveDraw?.(performance.now())] },
    },
    EMPTY as uPlot.AlignedData,
    host,
  );
  return { plot, nextDraw: () => new Promise<number>((resolve) => (resolveDraw = resolve)) };
}

export const rawUplot = {
  /** Median ms from columns in memory to the first paint of a mounted, empty plot (as firstDraw in main.ts). */
  async firstDraw(n: number, stepMs: number, runs: number): Promise<number> {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const columns = columnsOf(n, stepMs, run + 1);
      const host = newHost();
      await nextFrame();
      const chart = plainPlot(host);
      await nextFrame();
      const drawn = chart.nextDraw();
      const start = performance.now();
      chart.plot.setData(columns as uPlot.AlignedData);
      times.push((await drawn) - start);
      chart.plot.destroy();
      host.remove();
    }
    return median(times);
  },

  /** Median ms from new columns to the repaint of a plot already drawn (as redraw in main.ts). */
  async redraw(n: number, stepMs: number, runs: number): Promise<number> {
    const host = newHost();
    const chart = plainPlot(host);
    const first = chart.nextDraw();
    chart.plot.setData(columnsOf(n, stepMs, 999) as uPlot.AlignedData);
    await first;
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const columns = columnsOf(n, stepMs, run + 1);
      await nextFrame();
      const drawn = chart.nextDraw();
      const start = performance.now();
      chart.plot.setData(columns as uPlot.AlignedData);
      times.push((await drawn) - start);
    }
    chart.plot.destroy();
    host.remove();
    return median(times);
  },
};
