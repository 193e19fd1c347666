export type ChartCoreModule = typeof import('./PriceChartCore');

let loading: Promise<ChartCoreModule> | null = null;

/**
 * The chart's engine (uPlot, its plugins and styles: a third of a charting page's JavaScript), fetched once, when
 * first asked for. The page paints its frame without it: the chart fills in as it arrives, alongside the data. A
 * failed fetch (offline) is forgotten, so the next ask fetches again.
 */
export function loadChartCore(): Promise<ChartCoreModule> {
  loading ??= import('./PriceChartCore').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
