import uPlot from 'uplot';
import type { HistoryPoint } from '../../src/shared/market/types';
import { drawSignal, randomWalk, type ChartSubject } from './benchData';
import { columnsOf, EMPTY, lineSeries } from './rawColumns';

/**
 * The candle baseline: raw uPlot with the same three series, the close's line replaced by the minimal candle draw
 * hook a uPlot user would write (uPlot's own candlestick demo does the same): per bar, a wick from low to high and,
 * when bars are wide enough, a body from open to close, batched into one path per colour; the price scale spans
 * the lows and highs. Same box, same pixel ratio, same data fed as history points on the clock.
 */

/** Body width as a share of the bar spacing, and when bodies are drawn at all: the Tickwise chart's rule. */
const BODY_SHARE = 0.7;
const MAX_BODY_PX = 14;

function drawCandles(u: uPlot, points: HistoryPoint[]): void {
  const ratio = uPlot.pxRatio;
  const n = points.length;
  const body = Math.min(MAX_BODY_PX * ratio, Math.max(1, (u.bbox.width / n) * BODY_SHARE));
  const withBodies = body >= 2 * ratio;
  const ctx = u.ctx;
  ctx.save();
  ctx.lineWidth = Math.max(1, Math.round(ratio));
  for (const [rising, color] of [
    [true, '#2b8a3e'],
    [false, '#e03131'],
  ] as const) {
    const wicks = new Path2D();
    const bodies = new Path2D();
    for (const p of points) {
      if (p.close >= p.open !== rising) continue;
      const x = Math.round(u.valToPos(p.time, 'x', true));
      wicks.moveTo(x + 0.5, u.valToPos(p.high, 'y', true));
      wicks.lineTo(x + 0.5, u.valToPos(p.low, 'y', true));
      if (withBodies) {
        const yOpen = u.valToPos(p.open, 'y', true);
        const yClose = u.valToPos(p.close, 'y', true);
        bodies.rect(x - body / 2, Math.min(yOpen, yClose), body, Math.max(1, Math.abs(yClose - yOpen)));
      }
    }
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.stroke(wicks);
    if (withBodies) ctx.fill(bodies);
  }
  ctx.restore();
}

export const rawCandles: ChartSubject<HistoryPoint[]> = {
  data: randomWalk,
  mount(host) {
    const signal = drawSignal();
    let points: HistoryPoint[] = [];
    const series = lineSeries();
    series[1] = { ...series[1], paths: () => null };
    const plot = new uPlot(
      {
        width: host.clientWidth,
        height: host.clientHeight,
        ms: 1,
        legend: { show: false },
        scales: {
          x: { time: true },
          y: {
            range: (_u, min, max) => {
              if (min == null || max == null) return [min, max];
              for (const p of points) {
                if (p.low < min) min = p.low;
                if (p.high > max) max = p.high;
              }
              return [min, max];
            },
          },
        },
        series,
        hooks: {
          drawSeries: [(u, i) => i === 1 && points.length > 0 && drawCandles(u, points)],
          draw: [signal.onDraw],
        },
      },
      EMPTY,
      host,
    );
    return {
      feed: (next) => {
        points = next;
        plot.setData(columnsOf(next));
      },
      nextDraw: signal.nextDraw,
      destroy: () => plot.destroy(),
    };
  },
};
