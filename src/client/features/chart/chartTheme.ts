/** Chart colours per colour scheme. Picked for contrast on Mantine's dark (#1a1b1e) and light (#fff) surfaces. */
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
  markerOutline: '#1a1b1e',
};

const LIGHT: ChartColors = {
  up: '#2f9e44',
  down: '#e03131',
  upFill: '47, 158, 68',
  downFill: '224, 49, 49',
  ma20: '#e67700',
  ma50: '#1c7ed6',
  axis: '#495057',
  grid: 'rgba(0, 0, 0, 0.08)',
  crosshair: 'rgba(0, 0, 0, 0.45)',
  drawnLine: '#9c36b5',
  markerOutline: '#ffffff',
};

export function chartColors(scheme: ChartScheme): ChartColors {
  return scheme === 'dark' ? DARK : LIGHT;
}
