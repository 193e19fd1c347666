/**
 * Chart colours per colour scheme. Every line and candle colour is at least 3:1 against the chart's surface (Mantine's
 * dark #242424, light #fff: WCAG AA for graphics), green up and red down in both schemes.
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
  /** Volume bars of rising and falling bars: the candle colours, faint, so the price stays in front. */
  volumeUp: string;
  volumeDown: string;
  /** Outline of the BUY/SELL markers: the surface colour, so they stand out on a line of their own colour. */
  markerOutline: string;
}

const DARK: ChartColors = {
  up: '#40c057',
  down: '#fa5252',
  upFill: '64, 192, 87',
  downFill: '250, 82, 82',
  ma20: '#fab005',
  ma50: '#74c0fc',
  axis: '#a6a7ab',
  grid: 'rgba(255, 255, 255, 0.07)',
  crosshair: 'rgba(255, 255, 255, 0.45)',
  drawnLine: '#e599f7',
  volumeUp: 'rgba(64, 192, 87, 0.35)',
  volumeDown: 'rgba(250, 82, 82, 0.35)',
  markerOutline: '#242424',
};

const LIGHT: ChartColors = {
  up: '#2f9e44',
  down: '#e03131',
  upFill: '47, 158, 68',
  downFill: '224, 49, 49',
  // Orange 5.2:1 on white (Mantine's orange.9 is 4.3:1, yellow.9 3.0:1).
  ma20: '#c2410c',
  ma50: '#1c7ed6',
  axis: '#495057',
  grid: 'rgba(0, 0, 0, 0.08)',
  crosshair: 'rgba(0, 0, 0, 0.45)',
  drawnLine: '#9c36b5',
  volumeUp: 'rgba(47, 158, 68, 0.35)',
  volumeDown: 'rgba(224, 49, 49, 0.35)',
  markerOutline: '#ffffff',
};

export function chartColors(scheme: ChartScheme): ChartColors {
  return scheme === 'dark' ? DARK : LIGHT;
}
