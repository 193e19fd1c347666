/** What the chart draws, already in uPlot's column layout (one array per series, x in UTC milliseconds). */
export interface ChartData {
  /** Where each bar is drawn: its time, with market-closed gaps closed up (see sessionAxis.ts). */
  x: number[];
  /** Each bar's real time (UTC milliseconds): what labels show. */
  times: number[];
  /** True when gaps were closed up: the time axis then labels sessions and hours itself. */
  compressed: boolean;
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
  /** Largest volume of the series; 0 when the provider has none (indices), then no volume band is drawn. */
  maxVolume: number;
  ma20: (number | null)[];
  ma50: (number | null)[];
  /** Indices of MA20-crosses-above-MA50 points. */
  buys: number[];
  /** Indices of MA20-crosses-below-MA50 points. */
  sells: number[];
  /** Last close above the first close: the line and the area fill are green, otherwise red. */
  direction: 'up' | 'down';
  /** Bars closer than a day apart: hover labels show the time of day. */
  intraday: boolean;
}

/** The three independent toggles of product.md §4. */
export interface ChartVisibility {
  movingAverages: boolean;
  buySignals: boolean;
  sellSignals: boolean;
}

export const DEFAULT_VISIBILITY: ChartVisibility = { movingAverages: true, buySignals: true, sellSignals: true };

/** How the price is drawn: a line with its area, or OHLC candles. */
export type ChartMode = 'line' | 'candles';

/** product.md §3: a drawn line, start and end in data coordinates (x = time, y = price); kept in memory only. */
export interface DrawnLine {
  start: { x: number; y: number };
  end: { x: number; y: number };
}

/** product.md §5: a chart needs at least 2 points. */
export const MIN_CHART_POINTS = 2;
