import { useState } from 'react';
import { DEFAULT_VISIBILITY, type ChartVisibility } from '../chart/chartTypes';

export interface ChartSettings {
  visibility: ChartVisibility;
  drawing: boolean;
  toggle: (key: keyof ChartVisibility) => void;
  toggleDrawing: () => void;
}

/** The page's toggles: moving averages, buy and sell signals each on or off on their own, plus drawing mode. */
export function useChartSettings(): ChartSettings {
  const [visibility, setVisibility] = useState<ChartVisibility>(DEFAULT_VISIBILITY);
  const [drawing, setDrawing] = useState(false);
  return {
    visibility,
    drawing,
    toggle: (key) => setVisibility((v) => ({ ...v, [key]: !v[key] })),
    toggleDrawing: () => setDrawing((d) => !d),
  };
}

/** Toggle names shared by the desktop toolbar and the mobile sheet, so both read the same. */
export const TOGGLE_LABELS: Record<keyof ChartVisibility, string> = {
  movingAverages: 'Moving averages',
  buySignals: 'Buy signals',
  sellSignals: 'Sell signals',
};
export const DRAW_LABEL = 'Draw lines';
