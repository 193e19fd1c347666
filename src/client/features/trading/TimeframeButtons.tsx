import { SimpleGrid } from '@mantine/core';
import { TIMEFRAMES } from '../../../shared/market/constants';
import type { Timeframe } from '../../../shared/market/types';
import classes from './TimeframeButtons.module.css';
import { timeframeToggles } from './timeframeToggles';

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
