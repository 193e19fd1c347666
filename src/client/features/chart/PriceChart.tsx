import { Center, LoadingOverlay, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import type { HistoryPoint } from '../../../shared/market/types';
import { PartLoadFailed } from '../../components/PartLoadFailed';
import { MIN_CHART_POINTS, type ChartMode, type ChartVisibility } from './chartTypes';
import type { LinesState } from './drawnLines';
import { loadChartCore, type ChartCoreModule } from './loadChartCore';
import classes from './PriceChart.module.css';
import type { PriceChartCore } from './PriceChartCore';

// A screen with a chart has just loaded: its engine starts downloading now, while the screen paints and asks for data.
void loadChartCore().catch(() => undefined);

/** What the page's chart tools can ask of the chart. */
export interface PriceChartHandle {
  resetZoom(): void;
  undoLine(): void;
  deleteSelectedLine(): void;
  clearLines(): void;
}

export interface PriceChartProps {
  points: readonly HistoryPoint[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Shown instead of the generic error message (e.g. an unknown symbol with suggestions). */
  errorView?: ReactNode;
  /** Changes when the symbol or the timeframe does: drawn lines and the zoom are cleared (product.md §4). */
  resetKey: string;
  visibility: ChartVisibility;
  mode?: ChartMode;
  drawing?: boolean;
  /** Accessible name, e.g. "SPY price chart, 1D". */
  label: string;
  onLinesChange?: (state: LinesState) => void;
  onZoomChange?: (zoomed: boolean) => void;
  /** A draggable line at this level (an alert being set, issue 30 §2); null or absent: none. */
  alertLine?: number | null;
  /** Where the alert line was let go. */
  onAlertLineDrop?: (level: number) => void;
  ref?: Ref<PriceChartHandle>;
}

type ChartState = 'loading' | 'ready' | 'too-few-points' | 'error';

/**
 * React shell around PriceChartCore: feeds it data, toggles, mode, drawing mode and the colour scheme, and shows the
 * loading overlay and the empty and error messages. The figure takes keyboard focus for the drawn lines: Delete
 * removes the selected line, Ctrl/Cmd+Z undoes. The chart's own state is on the inner host element
 * (data-point-count, data-series-visible, data-mode, data-zoomed, data-lines, data-hover-price).
 */
export function PriceChart({
  points,
  isLoading,
  isError,
  errorView,
  resetKey,
  visibility,
  mode = 'line',
  drawing = false,
  label,
  onLinesChange,
  onZoomChange,
  alertLine = null,
  onAlertLineDrop,
  ref,
}: PriceChartProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const coreRef = useRef<PriceChartCore | null>(null);
  const callbacks = useRef({ onLinesChange, onZoomChange, onAlertLineDrop });
  // The latest value for callbacks that outlive a render; set after commit, since refs are not written during render.
  useLayoutEffect(() => {
    callbacks.current = { onLinesChange, onZoomChange, onAlertLineDrop };
  });
  const scheme = useComputedColorScheme('dark');
  const drawable = points && points.length >= MIN_CHART_POINTS ? points : null;

  // The core lives as long as the component, created with the settings of the moment its code has arrived; later
  // effects only feed it. Until then (or when its code cannot be fetched) the frame says what it is waiting for.
  const [core, setCore] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [engine, setEngine] = useState<ChartCoreModule | null>(null);
  const [coreAttempt, setCoreAttempt] = useState(0);
  // The chart's columns (OHLC, volume, moving averages, crossovers) are made by code that comes with the engine:
  // nothing but the engine reads them, and the first paint does not wait for the indicator code.
  const data = useMemo(() => (engine && drawable ? engine.buildChartData(drawable) : null), [engine, drawable]);
  const latest = useRef({ scheme, visibility, mode, drawing });
  useLayoutEffect(() => {
    latest.current = { scheme, visibility, mode, drawing };
  });
  useEffect(() => {
    let cancelled = false;
    let created: PriceChartCore | null = null;
    loadChartCore().then(
      (loaded) => {
        if (cancelled) return;
        const { PriceChartCore } = loaded;
        const { drawing: drawingNow, ...settings } = latest.current;
        created = new PriceChartCore(hostRef.current!, {
          ...settings,
          onLinesChange: (state) => {
            // A line picked with the pointer can be deleted with the keyboard right away.
            if (state.selected >= 0) frameRef.current?.focus({ preventScroll: true });
            callbacks.current.onLinesChange?.(state);
          },
          onZoomChange: (zoomed) => callbacks.current.onZoomChange?.(zoomed),
          onAlertLineDrop: (level) => callbacks.current.onAlertLineDrop?.(level),
        });
        created.setDrawing(drawingNow);
        coreRef.current = created;
        // The data follows in the same render (the effect on `data` below).
        setEngine(loaded);
        setCore('ready');
      },
      () => !cancelled && setCore('failed'),
    );
    return () => {
      cancelled = true;
      created?.destroy();
      coreRef.current = null;
    };
  }, [coreAttempt]);
  const retryCore = () => {
    setCore('loading');
    setCoreAttempt((n) => n + 1);
  };

  useImperativeHandle(
    ref,
    () => ({
      resetZoom: () => coreRef.current?.resetZoom(),
      undoLine: () => coreRef.current?.undoLine(),
      deleteSelectedLine: () => coreRef.current?.deleteSelectedLine(),
      clearLines: () => coreRef.current?.clearLines(),
    }),
    [],
  );

  useEffect(() => coreRef.current?.setScheme(scheme), [scheme]);
  // Before the data: a new symbol or range arrives on a chart that has already forgotten the old lines and zoom.
  useEffect(() => coreRef.current?.startOver(), [resetKey]);
  useEffect(() => coreRef.current?.setData(data), [data]);
  useEffect(() => coreRef.current?.setVisibility(visibility), [visibility]);
  useEffect(() => coreRef.current?.setMode(mode), [mode]);
  useEffect(() => coreRef.current?.setDrawing(drawing), [drawing]);
  // After the data: the line's height is read from the scale the data made.
  useEffect(() => coreRef.current?.setAlertLine(alertLine), [alertLine, data]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const core = coreRef.current;
    if (!core) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      core.deleteSelectedLine();
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      core.undoLine();
    }
  }

  const state: ChartState =
    core === 'failed'
      ? 'error'
      : drawable
        ? core === 'ready'
          ? 'ready'
          : 'loading'
        : isError
          ? 'error'
          : isLoading || !points
            ? 'loading'
            : 'too-few-points';
  const showLoading = isLoading || state === 'loading';

  return (
    <div
      ref={frameRef}
      className={classes.frame}
      data-state={state}
      data-loading={showLoading}
      role="figure"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div ref={hostRef} className={classes.host} data-testid="price-chart" />
      {state === 'too-few-points' && (
        <ChartMessage
          title="Not enough data to draw a chart"
          detail={`A chart needs at least ${MIN_CHART_POINTS} price points; this range has ${points?.length ?? 0}. Try a longer timeframe.`}
        />
      )}
      {state === 'error' &&
        (core === 'failed' ? (
          <Center className={classes.message}>
            <PartLoadFailed onRetry={retryCore} />
          </Center>
        ) : errorView ? (
          <Center className={classes.message}>{errorView}</Center>
        ) : (
          <ChartMessage title="No chart data" detail="Historical prices could not be loaded. Try again in a moment." />
        ))}
      <LoadingOverlay visible={showLoading} zIndex={5} overlayProps={{ blur: 1, backgroundOpacity: 0.25 }} />
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
