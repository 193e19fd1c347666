/**
 * Price line width in CSS pixels by how many points share a pixel column: a 1D minute series on a phone puts
 * several points in each column, and a 2 px line would smear them into a solid band.
 */
export function priceLineWidth(points: number, plotCssWidth: number): number {
  const perPixel = points / Math.max(1, plotCssWidth);
  return perPixel >= 2 ? 1.25 : perPixel >= 1 ? 1.5 : 2;
}
