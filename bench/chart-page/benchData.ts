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

/** A mounted chart the timers feed and wait on: the Tickwise chart or raw uPlot. */
export interface MountedChart<D> {
  /** Hands the chart its data, as an answer arriving would; what this does is on the clock. */
  feed(data: D): void;
  /** Resolves with performance.now() at the chart's next paint. */
  nextDraw(): Promise<number>;
  destroy(): void;
}

/** How a chart is mounted into a host, and its data (made before the clock starts). */
export interface ChartSubject<D> {
  mount(host: HTMLElement): MountedChart<D>;
  data(n: number, stepMs: number, seed: number): D;
}

/** A paint listener for the draw hook: nextDraw() is armed before the data goes in, then resolved by the hook. */
export function drawSignal() {
  let resolveDraw: ((t: number) => void) | null = null;
  return {
    onDraw: () => resolveDraw?.(performance.now()),
    nextDraw: () => new Promise<number>((resolve) => (resolveDraw = resolve)),
  };
}

/**
 * Ms from data in memory to the first paint of a chart that has none yet, for data of one seed. As on the page, the
 * chart mounts (and makes its empty plot and canvas) when the screen opens, then the answer arrives a network round
 * trip later: the clock runs from that answer.
 */
/**
 * A full collection before each timed draw, when the page may ask for one (Chromium with --expose-gc): at 100,000
 * points one draw leaves megabytes of garbage, and without this the next draw, often the other chart's, paid for
 * collecting it (the 100,000-point ratios swung from 0.9x to 3x run to run).
 */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export async function firstDrawOnce<D>(
  subject: ChartSubject<D>,
  n: number,
  stepMs: number,
  seed: number,
): Promise<number> {
  const data = subject.data(n, stepMs, seed);
  const host = newHost();
  await nextFrame();
  const chart = subject.mount(host);
  await nextFrame();
  collectGarbage();
  const drawn = chart.nextDraw();
  const start = performance.now();
  chart.feed(data);
  const ms = (await drawn) - start;
  chart.destroy();
  host.remove();
  return ms;
}

/** Median of firstDrawOnce over `runs` seeds. */
export async function timeFirstDraw<D>(
  subject: ChartSubject<D>,
  n: number,
  stepMs: number,
  runs: number,
): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await firstDrawOnce(subject, n, stepMs, run + 1));
  return median(times);
}

/** A chart already drawn once; each call times new data of one seed to its repaint, then the chart can be removed. */
export async function drawnChart<D>(subject: ChartSubject<D>, n: number, stepMs: number) {
  const host = newHost();
  const chart = subject.mount(host);
  const first = chart.nextDraw();
  chart.feed(subject.data(n, stepMs, 999));
  await first;
  return {
    async redraw(seed: number): Promise<number> {
      const data = subject.data(n, stepMs, seed);
      await nextFrame();
      collectGarbage();
      const drawn = chart.nextDraw();
      const start = performance.now();
      chart.feed(data);
      return (await drawn) - start;
    },
    remove() {
      chart.destroy();
      host.remove();
    },
  };
}

/** Median ms from new data (another symbol or range) to the repaint of a chart already on screen. */
export async function timeRedraw<D>(
  subject: ChartSubject<D>,
  n: number,
  stepMs: number,
  runs: number,
): Promise<number> {
  const chart = await drawnChart(subject, n, stepMs);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await chart.redraw(run + 1));
  chart.remove();
  return median(times);
}
