import { UnstyledButton } from '@mantine/core';
import type { Timeframe } from '../../../shared/market/types';

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
