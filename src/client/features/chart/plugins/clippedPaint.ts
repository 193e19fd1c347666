import type uPlot from 'uplot';

/**
 * Runs `paint` with the canvas clipped to the plot area, so nothing drawn for bars at the edge spills over the axes,
 * and answers what it returned (the plugins count what they drew for the chart's data- attributes).
 */
export function paintClipped<T>(u: uPlot, paint: () => T): T {
  const { left, top, width, height } = u.bbox;
  u.ctx.save();
  u.ctx.beginPath();
  u.ctx.rect(left, top, width, height);
  u.ctx.clip();
  try {
    return paint();
  } finally {
    u.ctx.restore();
  }
}
