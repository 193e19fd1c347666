import { Center, LoadingOverlay, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import type { HistoryPoint } from '../../../shared/market/types';
import { buildChartData } from './chartData';
import { MIN_CHART_POINTS, type ChartVisibility } from './chartTypes';
import classes from './PriceChart.module.css';
import { PriceChartCore } from './PriceChartCore';

export interface PriceChartProps {
  points: readonly HistoryPoint[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Changes when the symbol or the timeframe does: drawn lines are cleared (SPEC section 4). */
  resetKey: string;
  visibility: ChartVisibility;
  drawing?: boolean;
  /** Accessible name, e.g. "SPY price chart, 1D". */
  label: string;
}

type ChartState = 'loading' | 'ready' | 'too-few-points' | 'error';

/**
 * React shell around PriceChartCore: feeds it data, toggles, drawing mode and the colour scheme, and shows the
 * loading overlay and the empty and error messages. The chart's own state is on the inner host element
 * (data-point-count, data-series-visible, data-lines, data-hover-price).
 */
export function PriceChart({
  points,
  isLoading,
  isError,
  resetKey,
  visibility,
  drawing = false,
  label,
}: PriceChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const coreRef = useRef<PriceChartCore | null>(null);
  const scheme = useComputedColorScheme('dark');
  const data = useMemo(() => (points && points.length >= MIN_CHART_POINTS ? buildChartData(points) : null), [points]);

  // The core lives as long as the component; later effects only feed it.
  useEffect(() => {
    const core = new PriceChartCore(hostRef.current!, { scheme, visibility });
    coreRef.current = core;
    return () => {
      core.destroy();
      coreRef.current = null;
    };
    // Created once: scheme and visibility changes go through the effects below.
  }, []);

  useEffect(() => coreRef.current?.setScheme(scheme), [scheme]);
  useEffect(() => coreRef.current?.setData(data), [data]);
  useEffect(() => coreRef.current?.setVisibility(visibility), [visibility]);
  useEffect(() => coreRef.current?.setDrawing(drawing), [drawing]);
  useEffect(() => coreRef.current?.clearLines(), [resetKey]);

  const state: ChartState = data ? 'ready' : isError ? 'error' : isLoading || !points ? 'loading' : 'too-few-points';

  return (
    <div className={classes.frame} data-state={state} data-loading={isLoading} role="figure" aria-label={label}>
      <div ref={hostRef} className={classes.host} data-testid="price-chart" />
      {state === 'too-few-points' && (
        <ChartMessage
          title="Not enough data to draw a chart"
          detail={`A chart needs at least ${MIN_CHART_POINTS} price points; this range has ${points?.length ?? 0}. Try a longer timeframe.`}
        />
      )}
      {state === 'error' && (
        <ChartMessage title="No chart data" detail="Historical prices could not be loaded. Try again in a moment." />
      )}
      <LoadingOverlay visible={isLoading} zIndex={5} overlayProps={{ blur: 1, backgroundOpacity: 0.25 }} />
    </div>
  );
}

function ChartMessage({ title, detail }: { title: string; detail: string }) {
  return (
    <Center className={classes.message}>
      <Stack gap={4} align="center" maw={360} ta="center">
        <IconChartLine size={28} stroke={1.5} aria-hidden />
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      </Stack>
    </Center>
  );
}
