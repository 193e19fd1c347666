/**
 * Chart colours per colour scheme. Every line and candle colour is at least 3:1 against the chart's surface (Mantine's
 * dark #242424, light #fff: WCAG AA for graphics), and the price line is at least 3:1 against both moving averages,
 * so an average crossing the price never merges into it. Three lines cannot all be 3:1 apart and from the surface, so
 * the price line and the averages sit at opposite ends of the lightness range (dark price, bright averages on white;
 * the other way round on dark) and MA50 is told from MA20 by hue and its dashes. Green up and red down in both.
 */
export type ChartScheme = 'dark' | 'light';

export interface ChartColors {
  up: string;
  down: string;
  upFill: string;
  downFill: string;
  ma20: string;
  ma50: string;
  axis: string;
  grid: string;
  crosshair: string;
  drawnLine: string;
  /** An alert's level being set by dragging (issue 30 §2): cyan, apart from the drawn lines, the averages and the up and down colours. */
  alertLine: string;
  /** Volume bars of rising and falling bars: the candle colours, faint, so the price stays in front. */
  volumeUp: string;
  volumeDown: string;
  /** Outline of the BUY/SELL markers: the surface colour, so they stand out on a line of their own colour. */
  markerOutline: string;
}

const DARK: ChartColors = {
  // Green 3.6:1 and red 3.4:1 on the surface; the pale averages are 3.3:1 or more against either.
  up: '#2b8a3e',
  down: '#e03131',
  upFill: '43, 138, 62',
  downFill: '224, 49, 49',
  ma20: '#ffe066',
  ma50: '#d0ebff',
  axis: '#a6a7ab',
  grid: 'rgba(255, 255, 255, 0.07)',
  crosshair: 'rgba(255, 255, 255, 0.45)',
  drawnLine: '#e599f7',
  alertLine: '#66d9e8',
  volumeUp: 'rgba(43, 138, 62, 0.45)',
  volumeDown: 'rgba(224, 49, 49, 0.45)',
  markerOutline: '#242424',
};

const LIGHT: ChartColors = {
  // Deep green and red (10:1 and more on white); the orange and blue averages are 3:1 or more against both and white.
  up: '#0b4620',
  down: '#701a1a',
  upFill: '11, 70, 32',
  downFill: '112, 26, 26',
  ma20: '#f76707',
  ma50: '#228be6',
  axis: '#495057',
  grid: 'rgba(0, 0, 0, 0.08)',
  crosshair: 'rgba(0, 0, 0, 0.45)',
  drawnLine: '#9c36b5',
  alertLine: '#0c8599',
  volumeUp: 'rgba(11, 70, 32, 0.3)',
  volumeDown: 'rgba(112, 26, 26, 0.3)',
  markerOutline: '#ffffff',
};

/** MA50's dash pattern (pixels on, off): it tells MA50 from MA20 without relying on colour. */
export const MA50_DASH = [6, 4];

export function chartColors(scheme: ChartScheme): ChartColors {
  return scheme === 'dark' ? DARK : LIGHT;
}
