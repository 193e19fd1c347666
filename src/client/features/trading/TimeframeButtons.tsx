import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { TIMEFRAMES } from '../../../shared/market/constants';
import type { Timeframe } from '../../../shared/market/types';
import classes from './TimeframeButtons.module.css';

/** The seven timeframes as one row of buttons on a phone (or a grid of `cols`): the tools sheet and the page share it. */
export function TimeframeButtons({
  timeframe,
  onTimeframe,
  cols = TIMEFRAMES.length,
  compact = false,
}: {
  timeframe: Timeframe;
  onTimeframe: (timeframe: Timeframe) => void;
  cols?: number;
  compact?: boolean;
}) {
  return (
    <SimpleGrid cols={cols} spacing={compact ? 4 : 'xs'} role="group" aria-label="Timeframe">
      {timeframeToggles(TIMEFRAMES, { timeframe, onTimeframe, className: classes.timeframe, compact })}
    </SimpleGrid>
  );
}

/** Timeframe toggles, each pressed when it is the chart's range; the desktop toolbar lays out and styles its own. */
export function timeframeToggles(
  list: readonly Timeframe[],
  props: { timeframe: Timeframe; onTimeframe: (timeframe: Timeframe) => void; className: string; compact?: boolean },
) {
  const { timeframe, onTimeframe, className, compact = false } = props;
  return list.map((value) => (
    <UnstyledButton
      key={value}
      className={className}
      data-compact={compact || undefined}
      data-active={value === timeframe || undefined}
      aria-pressed={value === timeframe}
      onClick={() => onTimeframe(value)}
    >
      {value}
    </UnstyledButton>
  ));
}
