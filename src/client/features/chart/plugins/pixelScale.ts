import type uPlot from 'uplot';

/**
 * A linear scale's value -> canvas pixel mapping, read once per paint so loops over 100,000 bars do plain arithmetic
 * instead of a u.valToPos call per value. The arithmetic is uPlot's own (getHPos/getVPos for a linear scale), in the
 * same order, so positions (and therefore pixels) are bit-for-bit those valToPos gives.
 */
export interface PixelScale {
  min: number;
  delta: number;
  /** The plot's offset and size on this axis, in canvas pixels. */
  off: number;
  dim: number;
}

export function pixelScale(u: uPlot, key: 'x' | 'y'): PixelScale {
  const scale = u.scales[key];
  const min = scale.min ?? 0;
  const max = scale.max ?? 1;
  return key === 'x'
    ? { min, delta: max - min, off: u.bbox.left, dim: u.bbox.width }
    : { min, delta: max - min, off: u.bbox.top, dim: u.bbox.height };
}

/** Canvas x of a time: uPlot's valToPos(t, 'x', true). */
export const xPos = (s: PixelScale, value: number) => s.off + s.dim * ((value - s.min) / s.delta);

/** Canvas y of a price: uPlot's valToPos(v, 'y', true) (y grows downwards). */
export const yPos = (s: PixelScale, value: number) => s.off + s.dim * (1 - (value - s.min) / s.delta);
