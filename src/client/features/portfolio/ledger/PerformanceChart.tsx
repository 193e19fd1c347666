import { Group, Text, useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayStartMs } from '../../../../shared/portfolio/ledger/days';
import type { PerformanceAnswer } from '../../../../shared/portfolio/ledger/types';
import { performanceTimeRange } from './timeRange';

const HEIGHT = 260;

/** Lines at 3:1 or more against the card surface of each scheme (white, #242424), told apart by hue and dashes. */
const COLORS = {
  dark: { value: '#74c0fc', twr: '#ffd43b', benchmark: '#e599f7', axis: '#a6a7ab', grid: 'rgba(255,255,255,0.07)' },
  light: { value: '#1864ab', twr: '#d9480f', benchmark: '#862e9c', axis: '#495057', grid: 'rgba(0,0,0,0.08)' },
} as const;

type Series = PerformanceAnswer['series'];

function columnsOf(series: Series): uPlot.AlignedData {
  return [
    series.map((p) => dayStartMs(p.date) / 1000),
    series.map((p) => Number(p.value)),
    series.map((p) => Number(p.twrIndex)),
    series.map((p) => (p.benchmarkIndex === null ? null : Number(p.benchmarkIndex))),
  ];
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' });

/**
 * The value (left axis, dollars) and the TWR index against the benchmark index (right axis, both 100 at the start)
 * over the range. Loaded on demand with uPlot, like the other charts.
 */
export default function PerformanceChart({ series, benchmark }: { series: Series; benchmark: string }) {
  const host = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('dark');
  const colors = COLORS[scheme];

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: true, range: (_u, min, max) => performanceTimeRange(min, max) },
        value: {},
        index: {},
      },
      axes: [
        { stroke: colors.axis, grid: { stroke: colors.grid }, ticks: { stroke: colors.grid } },
        {
          scale: 'value',
          stroke: colors.axis,
          grid: { stroke: colors.grid },
          ticks: { stroke: colors.grid },
          size: 60,
          values: (_u, ticks) => ticks.map((t) => money.format(t)),
        },
        {
          scale: 'index',
          side: 1,
          stroke: colors.axis,
          grid: { show: false },
          ticks: { stroke: colors.grid },
          size: 44,
        },
      ],
      series: [
        {},
        { label: 'Value', scale: 'value', stroke: colors.value, width: 2 },
        { label: 'TWR index', scale: 'index', stroke: colors.twr, width: 2 },
        { label: `${benchmark} index`, scale: 'index', stroke: colors.benchmark, width: 1.5, dash: [6, 4] },
      ],
    };
    const chart = new uPlot(options, columnsOf(series), element);
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, benchmark, colors]);

  const last = series.at(-1);
  return (
    <div>
      <div
        ref={host}
        role="img"
        aria-label={
          last
            ? `Value and time-weighted return index against ${benchmark}, ${series[0].date} to ${last.date}: TWR index ${Number(last.twrIndex).toFixed(1)}, ${benchmark} index ${last.benchmarkIndex === null ? 'not available' : Number(last.benchmarkIndex).toFixed(1)}`
            : 'No values in this range'
        }
        data-testid="performance-chart"
        data-point-count={series.length}
        style={{ width: '100%', minHeight: HEIGHT }}
      />
      <Group gap="md" mt={4} aria-hidden>
        <Legend color={colors.value} label="Value ($, left)" />
        <Legend color={colors.twr} label="TWR index (right)" />
        <Legend color={colors.benchmark} label={`${benchmark} index (right)`} dashed />
      </Group>
    </div>
  );
}

function Legend({ color, label, dashed = false }: { color: string; label: string; dashed?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span style={{ width: 18, borderTop: `2px ${dashed ? 'dashed' : 'solid'} ${color}` }} />
      <Text size="xs">{label}</Text>
    </Group>
  );
}
