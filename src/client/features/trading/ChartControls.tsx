import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChartCandle, IconChartLine, IconZoomReset } from '@tabler/icons-react';
import { Suspense, type RefObject } from 'react';
import { Hint } from '../../components/Hint';
import { retryableLazy } from '../../components/retryableLazy';
import type { ChartMode } from '../chart/chartTypes';
import type { LinesState } from '../chart/drawnLines';
import type { PriceChartHandle } from '../chart/PriceChart';

export interface ChartControlsProps {
  mode: ChartMode;
  onMode: (mode: ChartMode) => void;
  zoomed: boolean;
  lines: LinesState;
  chart: RefObject<PriceChartHandle | null>;
}

// The drawn lines' buttons show once a line is drawn: their code loads then, not with the page.
const DrawnLinesControls = retryableLazy(() =>
  import('./DrawnLinesControls').then((m) => ({ default: m.DrawnLinesControls })),
);

const MODES: { value: ChartMode; label: string; icon: typeof IconChartLine }[] = [
  { value: 'line', label: 'Line', icon: IconChartLine },
  { value: 'candles', label: 'Candles', icon: IconChartCandle },
];

/**
 * The chart card's own tools: line or candles, back to the whole range after a zoom, and the drawn lines' undo, delete
 * selected and clear all (shown once there is something to act on).
 */
export function ChartControls({ mode, onMode, zoomed, lines, chart }: ChartControlsProps) {
  const hasLines = lines.count > 0 || lines.canUndo;
  return (
    <Group gap={6} wrap="nowrap">
      <Button.Group aria-label="Chart type">
        {MODES.map(({ value, label, icon: Icon }) => (
          <Button
            key={value}
            size="compact-xs"
            variant={mode === value ? 'filled' : 'default'}
            aria-pressed={mode === value}
            leftSection={<Icon size={14} aria-hidden />}
            onClick={() => onMode(value)}
          >
            {label}
          </Button>
        ))}
      </Button.Group>
      <Hint label="Show the whole range (or double-click the chart)">
        <ActionIcon
          variant="default"
          size="sm"
          aria-label="Reset zoom"
          disabled={!zoomed}
          onClick={() => chart.current?.resetZoom()}
        >
          <IconZoomReset size={15} aria-hidden />
        </ActionIcon>
      </Hint>
      {hasLines && (
        <Suspense fallback={null}>
          <DrawnLinesControls lines={lines} chart={chart} />
        </Suspense>
      )}
    </Group>
  );
}
