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
      {TIMEFRAMES.map((tf) => (
        <UnstyledButton
          key={tf}
          className={classes.timeframe}
          data-compact={compact || undefined}
          data-active={tf === timeframe || undefined}
          aria-pressed={tf === timeframe}
          onClick={() => onTimeframe(tf)}
        >
          {tf}
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
