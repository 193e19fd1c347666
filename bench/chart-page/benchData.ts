import type { HistoryPoint } from '../../src/shared/market/types';

/** What both the Tickwise chart and the raw uPlot baseline are fed and drawn into on the bench page. */

/** A seeded random walk of OHLCV points, the same for a given seed on every run. */
export function randomWalk(n: number, stepMs: number, seed: number): HistoryPoint[] {
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

/** A 1200 x 600 CSS px box (.bench-host) at the end of the page. */
export function newHost(): HTMLElement {
  const host = document.createElement('div');
  host.className = 'bench-host';
  document.body.append(host);
  return host;
}

export const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** After the next frame has painted, so one run's work does not spill into the next one's clock. */
export const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
