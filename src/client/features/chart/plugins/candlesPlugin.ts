import uPlot from 'uplot';
import type { ChartColors } from '../chartTheme';
import type { ChartData } from '../chartTypes';
import { visibleRange } from './visibleRange';
import { paintClipped } from './clippedPaint';

export interface CandleSource {
  data(): ChartData | null;
  candles(): boolean;
  colors: ChartColors;
  /** Told how many candles the last paint drew (0 in line mode). */
  onPainted?(count: number): void;
}

/** Body width as a share of the space between two bars, and its bounds in CSS pixels. */
const BODY_SHARE = 0.7;
const MAX_BODY_PX = 14;

/**
 * OHLC candles, painted right after the (then invisible) price series and before the moving averages: a wick from low
 * to high and a body from open to close, green when the close is at or above the open, red below. Only bars inside
 * the x range are drawn, in two paths (rising, falling), so a zoomed-out 1D minute chart costs two fills. When bars
 * are thinner than two pixels only the wicks are drawn: a body would not show.
 */
export function candlesPlugin(source: CandleSource): uPlot.Plugin {
  function paint(u: uPlot, data: ChartData): number {
    const [from, to] = visibleRange(u, data.x);
    if (to < from) return 0;
    const ratio = uPlot.pxRatio;
    const span = Math.max(1, to - from + 1);
    const spacing = u.bbox.width / span;
    const body = Math.min(MAX_BODY_PX * ratio, Math.max(1, spacing * BODY_SHARE));
    const withBodies = body >= 2 * ratio;
    const ctx = u.ctx;
    ctx.lineWidth = Math.max(1, Math.round(ratio));
    for (const rising of [true, false]) {
      const wicks = new Path2D();
      const bodies = new Path2D();
      for (let i = from; i <= to; i++) {
        const o = data.open[i];
        const c = data.close[i];
        if (c >= o !== rising) continue;
        const x = Math.round(u.valToPos(data.x[i], 'x', true));
        const yHigh = u.valToPos(data.high[i], 'y', true);
        const yLow = u.valToPos(data.low[i], 'y', true);
        wicks.moveTo(x + 0.5, yHigh);
        wicks.lineTo(x + 0.5, yLow);
        if (withBodies) {
          const yOpen = u.valToPos(o, 'y', true);
          const yClose = u.valToPos(c, 'y', true);
          bodies.rect(x - body / 2, Math.min(yOpen, yClose), body, Math.max(1, Math.abs(yClose - yOpen)));
        }
      }
      const color = rising ? source.colors.up : source.colors.down;
      ctx.strokeStyle = color;
      ctx.fillStyle = color;
      ctx.stroke(wicks);
      if (withBodies) ctx.fill(bodies);
    }
    return to - from + 1;
  }

  return {
    hooks: {
      drawSeries: (u, seriesIdx) => {
        // Series 1 is the price; the moving averages (2, 3) are drawn after it, so they stay on top of the candles.
        if (seriesIdx !== 1) return;
        const data = source.data();
        if (!data || !source.candles()) {
          source.onPainted?.(0);
          return;
        }
        source.onPainted?.(paintClipped(u, () => paint(u, data)));
      },
    },
  };
}
