import { ActionIcon, Group, Paper, Stack, Switch, Text, Tooltip, useComputedColorScheme } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatUsd } from '../../../shared/format';
import type { ForecastArtifact } from '../../../shared/chat/types';

const HEIGHT = 220;

const COLORS = {
  dark: {
    line: '#c1c2c5',
    median: '#b197fc',
    band80: 'rgba(151, 117, 250, 0.30)',
    band95: 'rgba(151, 117, 250, 0.14)',
    axis: '#a6a7ab',
    grid: 'rgba(255,255,255,0.07)',
  },
  light: {
    line: '#343a40',
    median: '#7048e8',
    band80: 'rgba(112, 72, 232, 0.25)',
    band95: 'rgba(112, 72, 232, 0.11)',
    axis: '#495057',
    grid: 'rgba(0,0,0,0.07)',
  },
} as const;

type Columns = [number[], ...(number | null)[][]];

/** History, then the median and the 80 % / 95 % bands of the chosen drift, on one time axis (uPlot takes seconds). */
function columnsOf(a: ForecastArtifact, estimated: boolean): Columns {
  const bands = estimated ? a.future.estimatedDrift : a.future.zeroDrift;
  const h = a.history.times.length;
  const f = a.future.times.length;
  const x = [...a.history.times, ...a.future.times].map((t) => t / 1000);
  const pad = (n: number) => Array<number | null>(n).fill(null);
  // The forecast series start at the last close, so the bands open out of the history line.
  const future = (values: number[]) => [...pad(h - 1), a.lastClose, ...values];
  return [
    x,
    [...a.history.closes, ...pad(f)],
    future(bands.median),
    future(bands.upper80),
    future(bands.lower80),
    future(bands.upper95),
    future(bands.lower95),
  ];
}

/**
 * A forecast graph in the chat: hypothetical, not a prediction. The drift switch shows the estimated-drift version
 * (no new request: the artifact carries both); the method is in the tooltip.
 */
export function ForecastChart({ artifact }: { artifact: ForecastArtifact }) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [estimated, setEstimated] = useState(false);
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
      scales: { x: { time: true } },
      axes: [
        { stroke: colors.axis, grid: { stroke: colors.grid }, ticks: { stroke: colors.grid } },
        {
          stroke: colors.axis,
          grid: { stroke: colors.grid },
          ticks: { stroke: colors.grid },
          size: 64,
          values: (_u, ticks) => ticks.map((t) => formatUsd(t).replace('.00', '')),
        },
      ],
      series: [
        {},
        { label: 'History', stroke: colors.line, width: 1.5 },
        { label: 'Median', stroke: colors.median, width: 2, dash: [6, 4] },
        { label: '80% upper', stroke: colors.band80, width: 1 },
        { label: '80% lower', stroke: colors.band80, width: 1 },
        { label: '95% upper', stroke: colors.band95, width: 1 },
        { label: '95% lower', stroke: colors.band95, width: 1 },
      ],
      bands: [
        { series: [5, 6], fill: colors.band95 },
        { series: [3, 4], fill: colors.band80 },
      ],
    };
    const chart = new uPlot(options, columnsOf(artifact, false), element);
    plot.current = chart;
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [artifact, colors]);

  useEffect(() => {
    plot.current?.setData(columnsOf(artifact, estimated));
  }, [artifact, estimated]);

  const at = estimated ? artifact.future.estimatedDrift : artifact.future.zeroDrift;
  const last = at.median.length - 1;
  const probability = estimated ? artifact.probabilityAbove.estimatedDrift : artifact.probabilityAbove.zeroDrift;
  const horizonDate = new Date(artifact.future.times[last]).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="forecast-chart"
      data-drift={estimated ? 'estimated' : 'zero'}
      data-symbol={artifact.symbol}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600}>
            {artifact.symbol} · {artifact.horizon} forecast
          </Text>
          <Tooltip label={artifact.method} multiline w={300} withArrow position="top-end">
            <ActionIcon variant="subtle" size="sm" aria-label="How this forecast is made" data-testid="forecast-method">
              <IconInfoCircle size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Text size="xs" c="orange" fw={600} data-testid="forecast-note">
          Hypothetical, not a prediction.
        </Text>
        <div
          ref={host}
          role="img"
          aria-label={`${artifact.symbol} forecast: median and 80% and 95% bands to ${horizonDate}`}
          style={{ width: '100%', minHeight: HEIGHT }}
        />
        <Text size="xs">
          By {horizonDate}: median {formatUsd(at.median[last])}; 80% band {formatUsd(at.lower80[last])} to{' '}
          {formatUsd(at.upper80[last])}; 95% band {formatUsd(at.lower95[last])} to {formatUsd(at.upper95[last])}. Chance
          of ending above today&apos;s {formatUsd(artifact.lastClose)}: {probability.toFixed(1)}%.
        </Text>
        <Text size="xs" c="dimmed" data-testid="forecast-calibration">
          {artifact.calibration
            ? `Measured calibration: the 80% band held ${artifact.calibration.coverage80.toFixed(1)}% of the time over ${artifact.calibration.years} years (n = ${artifact.calibration.n}).`
            : 'Not enough history to measure how often the bands held.'}
        </Text>
        <Switch
          size="xs"
          checked={estimated}
          onChange={(e) => setEstimated(e.currentTarget.checked)}
          label={`Use the estimated drift (${artifact.driftAnnualPercent.toFixed(1)}% a year) instead of 0`}
        />
      </Stack>
    </Paper>
  );
}
