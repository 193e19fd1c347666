import { ActionIcon, Divider, Stack } from '@mantine/core';
import {
  IconChartLine,
  IconListDetails,
  IconPencil,
  IconSparkles,
  IconTrendingDown,
  IconTrendingUp,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Hint } from '../../components/Hint';
import { TOOLBAR_TIMEFRAMES } from '../../../shared/market/constants';
import type { Timeframe } from '../../../shared/market/types';
import type { ChartVisibility } from '../chart/chartTypes';
import { DRAW_LABEL, TOGGLE_LABELS, type ChartSettings } from './chartSettings';
import { timeframeToggles } from './timeframeToggles';
import classes from './TradingToolbar.module.css';

export interface TradingToolbarProps {
  timeframe: Timeframe;
  onTimeframe: (timeframe: Timeframe) => void;
  settings: ChartSettings;
  onAgent: () => void;
  /** Between 768 and 1279 px, where no Popular panel fits beside the chart: opens it as a drawer. */
  onPopular?: () => void;
}

const TOGGLE_ICONS: Record<keyof ChartVisibility, { icon: ReactNode; color: string }> = {
  movingAverages: { icon: <IconChartLine size={20} />, color: 'yellow' },
  buySignals: { icon: <IconTrendingUp size={20} />, color: 'green' },
  sellSignals: { icon: <IconTrendingDown size={20} />, color: 'red' },
};

/**
 * Desktop left toolbar (product.md §2): AI agent, timeframes (no YTD), MA, buy, sell and draw toggles; below 1280 px
 * also the Popular watchlist, which has no room for its panel there.
 */
export function TradingToolbar({ timeframe, onTimeframe, settings, onAgent, onPopular }: TradingToolbarProps) {
  return (
    <Stack component="nav" aria-label="Chart tools" gap={6} align="center" className={classes.toolbar}>
      <Hint label="AI agent" position="right">
        <ActionIcon
          size="lg"
          variant="light"
          color="violet"
          aria-label="AI agent"
          onClick={onAgent}
          data-agent-launcher
        >
          <IconSparkles size={20} />
        </ActionIcon>
      </Hint>
      <Divider w="70%" />
      <div role="group" aria-label="Timeframe" className={classes.timeframes}>
        {timeframeToggles(TOOLBAR_TIMEFRAMES, { timeframe, onTimeframe, className: classes.timeframe })}
      </div>
      <Divider w="70%" />
      {(Object.keys(TOGGLE_ICONS) as (keyof ChartVisibility)[]).map((key) => (
        <Hint key={key} label={TOGGLE_LABELS[key]} position="right">
          <ActionIcon
            size="lg"
            variant={settings.visibility[key] ? 'light' : 'subtle'}
            color={settings.visibility[key] ? TOGGLE_ICONS[key].color : 'gray'}
            aria-label={TOGGLE_LABELS[key]}
            aria-pressed={settings.visibility[key]}
            onClick={() => settings.toggle(key)}
          >
            {TOGGLE_ICONS[key].icon}
          </ActionIcon>
        </Hint>
      ))}
      <Hint label={settings.drawing ? 'Drawing: drag on the chart' : DRAW_LABEL} position="right">
        <ActionIcon
          size="lg"
          variant={settings.drawing ? 'filled' : 'subtle'}
          color={settings.drawing ? 'grape' : 'gray'}
          aria-label={DRAW_LABEL}
          aria-pressed={settings.drawing}
          onClick={settings.toggleDrawing}
        >
          <IconPencil size={20} />
        </ActionIcon>
      </Hint>
      {onPopular && (
        <>
          <Divider w="70%" />
          <Hint label="Popular stocks" position="right">
            <ActionIcon size="lg" variant="subtle" color="gray" aria-label="Popular stocks" onClick={onPopular}>
              <IconListDetails size={20} />
            </ActionIcon>
          </Hint>
        </>
      )}
    </Stack>
  );
}
