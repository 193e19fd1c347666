import { Button, SimpleGrid } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconListDetails, IconSparkles } from '@tabler/icons-react';
import type { Timeframe } from '../../../shared/market/types';
import { TimeframeButtons } from './TimeframeButtons';

export interface MobileChartToolsProps {
  timeframe: Timeframe;
  onTimeframe: (timeframe: Timeframe) => void;
  onTools: () => void;
  onPopular: () => void;
  onAgent: () => void;
  /** The actions row's class (the page lays it out). */
  className: string;
}

/** On a phone, above the chart: the timeframes in one row, then Tools, Popular and the AI agent. */
export function MobileChartTools({
  timeframe,
  onTimeframe,
  onTools,
  onPopular,
  onAgent,
  className,
}: MobileChartToolsProps) {
  return (
    <>
      <TimeframeButtons compact timeframe={timeframe} onTimeframe={onTimeframe} />
      <SimpleGrid cols={3} spacing="xs" className={className}>
        <Button variant="default" px="xs" leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={onTools}>
          Tools
        </Button>
        <Button variant="default" px="xs" leftSection={<IconListDetails size={16} />} onClick={onPopular}>
          Popular
        </Button>
        <Button
          variant="light"
          px="xs"
          color="violet"
          leftSection={<IconSparkles size={16} />}
          onClick={onAgent}
          data-agent-launcher
        >
          AI agent
        </Button>
      </SimpleGrid>
    </>
  );
}
