import { buildChartData } from '../../src/client/features/chart/chartData';
import type { ChartMode } from '../../src/client/features/chart/chartTypes';
import { PriceChartCore } from '../../src/client/features/chart/PriceChartCore';
import type { HistoryPoint } from '../../src/shared/market/types';

/**
 * The page bench/chart.bench.ts drives in Chromium: the production chart code (PriceChartCore + buildChartData),
 * without React, so the figures are the chart's own. "Data arrival" is a HistoryPoint[] in memory, as the tRPC
 * client hands it over; "drawn" is uPlot's draw hook, after every series, marker and line is on the canvas.
 */

function randomWalk(n: number, stepMs: number, seed: number): HistoryPoint[] {
  const points = new Array<HistoryPoint>(n);
  let state = seed >>> 0;
  let close = 100;
  const start = Date.UTC(2020, 0, 1);
  for (let i = 0; i < n; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const open = close;
    close = Math.max(1, close * (1 + (state / 4294967296 - 0.5) * 0.02));
    points[i] = {
      time: start + i * stepMs,
      open,
      high: Math.max(open, close),
      low: Math.min(open, close),
      close,
      // Varying volume, so the bars under the price differ as on a real chart.
      volume: 1000 + (state % 5000),
    };
  }
  return points;
}

function newHost(): HTMLElement {
  const host = document.createElement('div');
  host.className = 'bench-host';
  document.body.append(host);
  return host;
}

/** A chart whose next paint can be awaited. */
function benchChart(host: HTMLElement, mode: ChartMode = 'line') {
  let resolveDraw: ((t: number) => void) | null = null;
  const core = new PriceChartCore(host, { scheme: 'dark', mode, onDraw: () => resolveDraw?.(performance.now()) });
  return {
    core,
    nextDraw: () => new Promise<number>((resolve) => (resolveDraw = resolve)),
  };
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

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
    chartBench: typeof api;
  }
}
window.chartBench = api;
document.body.dataset.ready = 'true';
