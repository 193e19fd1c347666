import { buildChartData } from '../../src/client/features/chart/chartData';
import type { ChartMode } from '../../src/client/features/chart/chartTypes';
import { PriceChartCore } from '../../src/client/features/chart/PriceChartCore';
import type { HistoryPoint } from '../../src/shared/market/types';
import {
  collectGarbage,
  drawSignal,
  median,
  newHost,
  nextFrame,
  randomWalk,
  timeFirstDraw,
  timeRedraw,
  type ChartSubject,
} from './benchData';
import { versusRaw } from './rawUplot';

/**
 * The page bench/chart.bench.ts drives in Chromium: the production chart code (PriceChartCore + buildChartData),
 * without React, so the figures are the chart's own. "Data arrival" is a HistoryPoint[] in memory, as the tRPC
 * client hands it over; "drawn" is uPlot's draw hook, after every series, marker and line is on the canvas.
 */

/** A chart whose next paint can be awaited. */
function benchChart(host: HTMLElement, mode: ChartMode = 'line') {
  const signal = drawSignal();
  const core = new PriceChartCore(host, { scheme: 'dark', mode, onDraw: signal.onDraw });
  return { core, nextDraw: signal.nextDraw };
}

/** The Tickwise chart fed as on the page: history points, turned into columns (and moving averages) on the clock. */
function tickwiseChart(mode: ChartMode): ChartSubject<HistoryPoint[]> {
  return {
    data: randomWalk,
    mount(host) {
      const chart = benchChart(host, mode);
      return {
        feed: (points) => chart.core.setData(buildChartData(points)),
        nextDraw: chart.nextDraw,
        destroy: () => chart.core.destroy(),
      };
    },
  };
}

const api = {
  /** See timeFirstDraw: the Tickwise chart, in line or candle mode. */
  firstDraw: (n: number, stepMs: number, runs: number, mode: ChartMode = 'line') =>
    timeFirstDraw(tickwiseChart(mode), n, stepMs, runs),

  /** Median ms to mount a chart and draw it in one go (the answer was already cached when the screen opened). */
  async coldDraw(n: number, stepMs: number, runs: number): Promise<number> {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const points = randomWalk(n, stepMs, run + 1);
      const host = newHost();
      await nextFrame();
      collectGarbage();
      const start = performance.now();
      const chart = benchChart(host);
      const drawn = chart.nextDraw();
      chart.core.setData(buildChartData(points));
      times.push((await drawn) - start);
      chart.core.destroy();
      host.remove();
    }
    return median(times);
  },

  /** See timeRedraw: new points on a Tickwise chart already drawn. */
  redraw: (n: number, stepMs: number, runs: number) => timeRedraw(tickwiseChart('line'), n, stepMs, runs),

  /** The Tickwise chart (line, candles) and raw uPlot timed turn about on the same seeds: see versusRaw. */
  versusRaw: (n: number, stepMs: number, runs: number) =>
    versusRaw({ line: tickwiseChart('line'), candles: tickwiseChart('candles') }, n, stepMs, runs),

  /** Median ms of one hover update: mouse move -> crosshair, dot and price readout updated (layout included). */
  async hover(n: number, stepMs: number, moves: number): Promise<{ ms: number; price: string }> {
    const host = newHost();
    const chart = benchChart(host);
    const drawn = chart.nextDraw();
    chart.core.setData(buildChartData(randomWalk(n, stepMs, 7)));
    await drawn;
    await nextFrame();
    const over = host.querySelector<HTMLElement>('.u-over')!;
    const tooltip = host.querySelector<HTMLElement>('.tw-chart-tooltip-price')!;
    const rect = over.getBoundingClientRect();
    const times: number[] = [];
    let price = '';
    for (let i = 0; i < moves; i++) {
      const clientX = rect.left + (((i * 37) % 100) / 100) * rect.width;
      const clientY = rect.top + rect.height / 2;
      const start = performance.now();
      over.dispatchEvent(new MouseEvent('mousemove', { clientX, clientY, bubbles: true }));
      price = tooltip.textContent ?? '';
      // Force style and layout so the cost of showing the readout is counted, not deferred to the frame.
      void tooltip.getBoundingClientRect();
      times.push(performance.now() - start);
    }
    chart.core.destroy();
    host.remove();
    return { ms: median(times), price };
  },
};

declare global {
  interface Window {
    chartBench: typeof api;
  }
}
window.chartBench = api;
document.body.dataset.ready = 'true';
