import uPlot from 'uplot';
import type { ChartColors } from '../chartTheme';
import type { ChartData, ChartVisibility } from '../chartTypes';

export interface MarkerSource {
  data(): ChartData | null;
  visibility(): ChartVisibility;
  colors: ChartColors;
}

/** Triangle size in CSS pixels; smaller on phone-width plots where crossovers sit closer together. */
const SIZE = 12;
const SMALL_SIZE = 9;
const SMALL_PLOT_CSS_PX = 500;
/** Distance between the price point and the triangle's tip. */
const OFFSET = 5;

/**
 * BUY markers (green, pointing up, under the line) and SELL markers (red, pointing down, above it) at the
 * MA20/MA50 crossovers. Drawn on the chart canvas after the series, only where the x scale shows them.
 */
export function markersPlugin(source: MarkerSource): uPlot.Plugin {
  function drawSet(u: uPlot, data: ChartData, indices: number[], color: string, pointsUp: boolean) {
    const ctx = u.ctx;
    const ratio = uPlot.pxRatio;
    const size = (u.bbox.width / ratio < SMALL_PLOT_CSS_PX ? SMALL_SIZE : SIZE) * ratio;
    const offset = OFFSET * ratio;
    const xMin = u.scales.x.min ?? -Infinity;
    const xMax = u.scales.x.max ?? Infinity;
    ctx.fillStyle = color;
    ctx.strokeStyle = source.colors.markerOutline;
    // Stroked first, then filled over: only the outer half of the 3 px outline shows.
    ctx.lineWidth = 3 * ratio;
    ctx.lineJoin = 'round';
    ctx.beginPath();
    for (const i of indices) {
      const t = data.x[i];
      if (t < xMin || t > xMax) continue;
      const px = u.valToPos(t, 'x', true);
      const py = u.valToPos(data.close[i], 'y', true);
      const tip = pointsUp ? py + offset : py - offset;
      const base = pointsUp ? tip + size : tip - size;
      ctx.moveTo(px, tip);
      ctx.lineTo(px - size / 2, base);
      ctx.lineTo(px + size / 2, base);
      ctx.closePath();
    }
    ctx.stroke();
    ctx.fill();
  }

  return {
    hooks: {
      draw: (u) => {
        const data = source.data();
        if (!data) return;
        const visibility = source.visibility();
        const { left, top, width, height } = u.bbox;
        u.ctx.save();
        u.ctx.beginPath();
        u.ctx.rect(left, top, width, height);
        u.ctx.clip();
        if (visibility.buySignals) drawSet(u, data, data.buys, source.colors.up, true);
        if (visibility.sellSignals) drawSet(u, data, data.sells, source.colors.down, false);
        u.ctx.restore();
      },
    },
  };
}
