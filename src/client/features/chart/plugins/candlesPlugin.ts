import uPlot from 'uplot';
import type { ChartColors } from '../chartTheme';
import type { ChartData } from '../chartTypes';
import { visibleRange } from './visibleRange';
import { paintClipped } from './clippedPaint';
import { CandlePaths } from './candlePaths';
import { pixelScale, xPos, yPos } from './pixelScale';

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
    const sx = pixelScale(u, 'x');
    const sy = pixelScale(u, 'y');
    const { open, close, high, low } = data;
    const up = new CandlePaths(new Path2D(), new Path2D());
    const down = new CandlePaths(new Path2D(), new Path2D());
    // One pass over the bars, positions computed once each, straight into the path of the bar's colour.
    for (let i = from; i <= to; i++) {
      const o = open[i];
      const c = close[i];
      const paths = c >= o ? up : down;
      const x = Math.round(xPos(sx, data.x[i]));
      paths.wick(x, yPos(sy, high[i]), yPos(sy, low[i]));
      if (withBodies) {
        const yOpen = yPos(sy, o);
        const yClose = yPos(sy, c);
        paths.bodies.rect(x - body / 2, Math.min(yOpen, yClose), body, Math.max(1, Math.abs(yClose - yOpen)));
      }
    }
    const ctx = u.ctx;
    ctx.lineWidth = Math.max(1, Math.round(ratio));
    for (const [paths, color] of [
      [up, source.colors.up],
      [down, source.colors.down],
    ] as const) {
      paths.flush();
      ctx.strokeStyle = color;
      ctx.fillStyle = color;
      ctx.stroke(paths.wicks);
      if (withBodies) ctx.fill(paths.bodies);
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
