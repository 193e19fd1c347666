import { useState } from 'react';
import { DEFAULT_VISIBILITY, type ChartMode, type ChartVisibility } from '../chart/chartTypes';

export interface ChartSettings {
  visibility: ChartVisibility;
  drawing: boolean;
  mode: ChartMode;
  toggle: (key: keyof ChartVisibility) => void;
  toggleDrawing: () => void;
  setMode: (mode: ChartMode) => void;
}

/** The page's toggles: moving averages, buy and sell signals each on or off on their own, drawing mode, line or candles. */
export function useChartSettings(): ChartSettings {
  const [visibility, setVisibility] = useState<ChartVisibility>(DEFAULT_VISIBILITY);
  const [drawing, setDrawing] = useState(false);
  const [mode, setMode] = useState<ChartMode>('line');
  return {
    visibility,
    drawing,
    mode,
    toggle: (key) => setVisibility((v) => ({ ...v, [key]: !v[key] })),
    toggleDrawing: () => setDrawing((d) => !d),
    setMode,
  };
}

/** Toggle names shared by the desktop toolbar and the mobile sheet, so both read the same. */
export const TOGGLE_LABELS: Record<keyof ChartVisibility, string> = {
  movingAverages: 'Moving averages',
  buySignals: 'Buy signals',
  sellSignals: 'Sell signals',
};
export const DRAW_LABEL = 'Draw lines';
