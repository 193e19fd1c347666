import { buildChartData } from '../../src/client/features/chart/chartData';
import type { ChartMode } from '../../src/client/features/chart/chartTypes';
import { PriceChartCore } from '../../src/client/features/chart/PriceChartCore';
import { median, newHost, nextFrame, randomWalk } from './benchData';
import { rawUplot } from './rawUplot';

/**
 * The page bench/chart.bench.ts drives in Chromium: the production chart code (PriceChartCore + buildChartData),
 * without React, so the figures are the chart's own. "Data arrival" is a HistoryPoint[] in memory, as the tRPC
 * client hands it over; "drawn" is uPlot's draw hook, after every series, marker and line is on the canvas.
 */

/** A chart whose next paint can be awaited. */
function benchChart(host: HTMLElement, mode: ChartMode = 'line') {
  let resolveDraw: ((t: number) => void) | null = null;
  const core = new PriceChartCore(host, { scheme: 'dark', mode, onDraw: () => resolveDraw?.(performance.now()) });
  return {
    core,
    nextDraw: () => new Promise<number>((resolve) => (resolveDraw = resolve)),
  };
}


const api = {
  /**
   * Median ms from points in memory to the first paint of a chart that has none yet. As on the page, the chart
   * mounts (and makes its empty plot and canvas) when the screen opens, then the history answer arrives a network
   * round trip later: the clock runs from that answer.
   */
  async firstDraw(n: number, stepMs: number, runs: number, mode: ChartMode = 'line'): Promise<number> {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const points = randomWalk(n, stepMs, run + 1);
      const host = newHost();
      await nextFrame();
      const chart = benchChart(host, mode);
      await nextFrame();
      const drawn = chart.nextDraw();
      const start = performance.now();
      chart.core.setData(buildChartData(points));
      times.push((await drawn) - start);
      chart.core.destroy();
      host.remove();
    }
    return median(times);
  },

  /** Median ms to mount a chart and draw it in one go (the answer was already cached when the screen opened). */
  async coldDraw(n: number, stepMs: number, runs: number): Promise<number> {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const points = randomWalk(n, stepMs, run + 1);
      const host = newHost();
      await nextFrame();
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

  /** Median ms from new points (another symbol or range) to the repaint of a chart already on screen. */
  async redraw(n: number, stepMs: number, runs: number): Promise<number> {
    const host = newHost();
    const chart = benchChart(host);
    const first = chart.nextDraw();
    chart.core.setData(buildChartData(randomWalk(n, stepMs, 999)));
    await first;
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const points = randomWalk(n, stepMs, run + 1);
      await nextFrame();
      const drawn = chart.nextDraw();
      const start = performance.now();
      chart.core.setData(buildChartData(points));
      times.push((await drawn) - start);
    }
    chart.core.destroy();
    host.remove();
    return median(times);
  },

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
    chartBench: typeof api & { raw: typeof rawUplot };
  }
}
window.chartBench = { ...api, raw: rawUplot };
document.body.dataset.ready = 'true';
