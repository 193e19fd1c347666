import uPlot from 'uplot';
import type { ChartColors } from '../chartTheme';
import type { ChartData, ChartVisibility } from '../chartTypes';
import { declutter, mergeSignals, type SignalMarker } from '../markerLayout';
import { paintClipped } from './clippedPaint';

export interface MarkerSource {
  data(): ChartData | null;
  visibility(): ChartVisibility;
  colors: ChartColors;
  /** Told how many markers the last paint showed (some overlap and are left out on dense ranges). */
  onPainted?(count: number): void;
}

/** Triangle size in CSS pixels; smaller on phone-width plots where crossovers sit closer together. */
const SIZE = 12;
const SMALL_SIZE = 9;
const SMALL_PLOT_CSS_PX = 500;
/** Distance between the price point and the triangle's tip. */
const OFFSET = 5;

/**
 * BUY markers (green, pointing up, under the line) and SELL markers (red, pointing down, above it) at the
 * MA20/MA50 crossovers. Drawn on the chart canvas after the series, only where the x scale shows them, and never
 * on top of each other (see declutter): a 1D minute chart stays readable instead of a wall of triangles.
 */
export function markersPlugin(source: MarkerSource): uPlot.Plugin {
  // Per data set, not per paint: the merged marker list. Per paint: positions in reused buffers.
  let mergedFor: ChartData | null = null;
  let merged: SignalMarker[] = [];
  let xs = new Float64Array(0);
  let keep = new Uint8Array(0);

  function markersOf(data: ChartData): SignalMarker[] {
    if (mergedFor !== data) {
      merged = mergeSignals(data.buys, data.sells);
      mergedFor = data;
      if (xs.length < merged.length) {
        xs = new Float64Array(merged.length);
        keep = new Uint8Array(merged.length);
      }
    }
    return merged;
  }

  function paint(u: uPlot, data: ChartData, visibility: ChartVisibility): number {
    const markers = markersOf(data);
    if (markers.length === 0 || (!visibility.buySignals && !visibility.sellSignals)) return 0;
    const ratio = uPlot.pxRatio;
    const size = (u.bbox.width / ratio < SMALL_PLOT_CSS_PX ? SMALL_SIZE : SIZE) * ratio;
    const offset = OFFSET * ratio;
    const xMin = u.scales.x.min ?? -Infinity;
    const xMax = u.scales.x.max ?? Infinity;
    const count = markers.length;
    const positions = xs.subarray(0, count);
    for (let k = 0; k < count; k++) {
      const { index, buy } = markers[k];
      const t = data.x[index];
      const shown = (buy ? visibility.buySignals : visibility.sellSignals) && t >= xMin && t <= xMax;
      positions[k] = shown ? u.valToPos(t, 'x', true) : NaN;
    }
    const flags = declutter(positions, size, keep.subarray(0, count));

    const ctx = u.ctx;
    ctx.strokeStyle = source.colors.markerOutline;
    // Stroked first, then filled over: only the outer half of the 3 px outline shows.
    ctx.lineWidth = 3 * ratio;
    ctx.lineJoin = 'round';
    let painted = 0;
    for (const buy of [true, false]) {
      ctx.beginPath();
      for (let k = 0; k < count; k++) {
        if (!flags[k] || markers[k].buy !== buy) continue;
        painted += 1;
        const px = positions[k];
        const py = u.valToPos(data.close[markers[k].index], 'y', true);
        const tip = buy ? py + offset : py - offset;
        const base = buy ? tip + size : tip - size;
        ctx.moveTo(px, tip);
        ctx.lineTo(px - size / 2, base);
        ctx.lineTo(px + size / 2, base);
        ctx.closePath();
      }
      ctx.fillStyle = buy ? source.colors.up : source.colors.down;
      ctx.stroke();
      ctx.fill();
    }
    return painted;
  }

  return {
    hooks: {
      draw: (u) => {
        const data = source.data();
        if (!data) {
          source.onPainted?.(0);
          return;
        }
        const painted = paintClipped(u, () => paint(u, data, source.visibility()));
        source.onPainted?.(painted);
      },
    },
  };
}
