const DAY_S = 86_400;

/**
 * The x range of a performance chart, in uPlot's seconds. A portfolio that starts today has one point, which uPlot
 * would auto-range over years (issue 27: an axis from Jan 2027 to 2029 for a file imported today); one day either
 * side keeps that day in the middle.
 */
export function performanceTimeRange(min: number, max: number): [number, number] {
  return min === max ? [min - DAY_S, max + DAY_S] : [min, max];
}
