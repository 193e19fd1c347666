import uPlot from 'uplot';
import type { ChartColors } from '../chartTheme';
import type { ChartData } from '../chartTypes';
import { visibleRange } from './visibleRange';
import { paintClipped } from './clippedPaint';
import { pixelScale, xPos } from './pixelScale';

export interface VolumeSource {
  data(): ChartData | null;
  colors: ChartColors;
  /** Told how many bars the last paint drew. */
  onPainted?(count: number): void;
}

/** The band at the bottom of the plot the volume bars use; the price scale leaves it free (see priceRange). */
export const VOLUME_BAND = 0.18;
const BAR_SHARE = 0.7;

/**
 * Volume bars under the price, in the bottom band of the plot, painted before the series so the price stays on top.
 * Each bar takes the colour of its candle (rising or falling) at low opacity. When bars are narrower than a pixel,
 * one bar per pixel column shows the largest volume in it: 100,000 points cost one rectangle per column.
 */
export function volumePlugin(source: VolumeSource): uPlot.Plugin {
  function paint(u: uPlot, data: ChartData): number {
    if (data.maxVolume <= 0) return 0;
    const [from, to] = visibleRange(u, data.x);
    if (to < from) return 0;
    let peak = 0;
    for (let i = from; i <= to; i++) if (data.volume[i] > peak) peak = data.volume[i];
    if (peak <= 0) return 0;
    const { top, height } = u.bbox;
    const bottom = top + height;
    const bandHeight = height * VOLUME_BAND;
    const span = to - from + 1;
    const spacing = u.bbox.width / span;
    const width = Math.max(1, spacing * BAR_SHARE);
    const rising = new Path2D();
    const falling = new Path2D();
    let drawn = 0;
    let column = -1;
    let columnVolume = 0;
    let columnRising = true;
    const flush = () => {
      if (column < 0 || columnVolume <= 0) return;
      const h = Math.max(1, (columnVolume / peak) * bandHeight);
      (columnRising ? rising : falling).rect(column - width / 2, bottom - h, width, h);
      drawn += 1;
    };
    const sx = pixelScale(u, 'x');
    for (let i = from; i <= to; i++) {
      const x = Math.round(xPos(sx, data.x[i]));
      if (spacing < 1 && x === column) {
        if (data.volume[i] > columnVolume) {
          columnVolume = data.volume[i];
          columnRising = data.close[i] >= data.open[i];
        }
        continue;
      }
      flush();
      column = x;
      columnVolume = data.volume[i];
      columnRising = data.close[i] >= data.open[i];
    }
    flush();
    const ctx = u.ctx;
    ctx.fillStyle = source.colors.volumeUp;
    ctx.fill(rising);
    ctx.fillStyle = source.colors.volumeDown;
    ctx.fill(falling);
    return drawn;
  }

  return {
    hooks: {
      // After the grid and axes, before any series.
      drawAxes: (u) => {
        const data = source.data();
        if (!data) {
          source.onPainted?.(0);
          return;
        }
        source.onPainted?.(paintClipped(u, () => paint(u, data)));
      },
    },
  };
}
