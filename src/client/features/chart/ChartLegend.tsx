import { Group, Text, useComputedColorScheme } from '@mantine/core';
import type { ReactNode } from 'react';
import { chartColors } from './chartTheme';
import type { ChartVisibility } from './chartTypes';
import classes from './ChartLegend.module.css';

/** product.md §2 legend: MA20, MA50 and BUY/SELL, in the chart's colours; hidden series are struck through. */
export function ChartLegend({ visibility }: { visibility: ChartVisibility }) {
  const colors = chartColors(useComputedColorScheme('dark'));
  const signalsShown = visibility.buySignals || visibility.sellSignals;
  return (
    <Group gap="md" className={classes.legend} aria-label="Chart legend" role="list">
      <LegendItem shown={visibility.movingAverages} label="MA20">
        <span className={classes.line} style={{ background: colors.ma20 }} />
      </LegendItem>
      <LegendItem shown={visibility.movingAverages} label="MA50">
        <span className={classes.dashedLine} style={{ color: colors.ma50 }} />
      </LegendItem>
      <LegendItem shown={signalsShown} label="BUY/SELL">
        <span
          className={classes.triangleUp}
          style={{ borderBottomColor: colors.up, opacity: visibility.buySignals ? 1 : 0.3 }}
        />
        <span
          className={classes.triangleDown}
          style={{ borderTopColor: colors.down, opacity: visibility.sellSignals ? 1 : 0.3 }}
        />
      </LegendItem>
    </Group>
  );
}

function LegendItem({ shown, label, children }: { shown: boolean; label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" role="listitem" data-shown={shown} className={classes.item}>
      {children}
      <Text size="xs" fw={600} td={shown ? undefined : 'line-through'}>
        {label}
      </Text>
    </Group>
  );
}
