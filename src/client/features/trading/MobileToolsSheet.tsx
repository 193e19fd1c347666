import { Drawer, Stack, Switch, Tabs } from '@mantine/core';
import type { Timeframe } from '../../../shared/market/types';
import type { ChartVisibility } from '../chart/chartTypes';
import { DRAW_LABEL, TOGGLE_LABELS, type ChartSettings } from './chartSettings';
import { TimeframeButtons } from './TimeframeButtons';
import { PanelWatchlist } from './watchlist/PanelWatchlist';
import type { Watchlist } from './watchlist/useWatchlist';

export interface MobileToolsSheetProps {
  opened: boolean;
  onClose: () => void;
  timeframe: Timeframe;
  onTimeframe: (timeframe: Timeframe) => void;
  settings: ChartSettings;
  watchlist: Watchlist;
  symbol: string;
  onSymbol: (symbol: string) => void;
}

/** Mobile tools (product.md §2): a bottom sheet with the tabs Timeframes, Signals and Watchlist. */
export function MobileToolsSheet(props: MobileToolsSheetProps) {
  const { opened, onClose, timeframe, onTimeframe, settings, watchlist, symbol, onSymbol } = props;
  return (
    // As tall as the open tab (at most three quarters of the screen), so the chart stays in view above the sheet
    // while signals are toggled.
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      title="Chart tools"
      radius="md"
      styles={{ content: { height: 'auto', maxHeight: '75dvh' } }}
    >
      <Tabs defaultValue="timeframes">
        <Tabs.List grow>
          <Tabs.Tab value="timeframes">Timeframes</Tabs.Tab>
          <Tabs.Tab value="signals">Signals</Tabs.Tab>
          <Tabs.Tab value="watchlist">Watchlist</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="timeframes" pt="md">
          <TimeframeButtons
            cols={4}
            timeframe={timeframe}
            onTimeframe={(tf) => {
              onTimeframe(tf);
              onClose();
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="signals" pt="md">
          <Stack gap="md">
            {(Object.keys(TOGGLE_LABELS) as (keyof ChartVisibility)[]).map((key) => (
              <Switch
                key={key}
                label={TOGGLE_LABELS[key]}
                checked={settings.visibility[key]}
                onChange={() => settings.toggle(key)}
              />
            ))}
            <Switch label={DRAW_LABEL} checked={settings.drawing} onChange={settings.toggleDrawing} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="watchlist" pt="md">
          <PanelWatchlist
            popular={watchlist}
            activeSymbol={symbol}
            onSelect={(s) => {
              onSymbol(s);
              onClose();
            }}
          />
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
