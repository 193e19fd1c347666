import { Button, Group, Paper, ScrollArea, SimpleGrid, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconListDetails, IconSparkles } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { Timeframe } from '../../../shared/market/types';
import { ChartLegend } from '../chart/ChartLegend';
import { PriceChart } from '../chart/PriceChart';
import { useLiveChart } from '../chart/useLiveChart';
import { StockSearch } from '../search/StockSearch';
import { AgentLauncher } from '../chat/AgentLauncher';
import { ChartHeaderCard } from './ChartHeaderCard';
import { useChartSettings } from './chartSettings';
import { TradingToolbar } from './TradingToolbar';
import classes from './TradingPage.module.css';
import type { TradingParams } from './tradingParams';
import { useWatchlist } from './watchlist/useWatchlist';
import { WatchlistList } from './watchlist/WatchlistList';

// Phone-only parts load on phones only: desktop visitors do not download them.
const MobileToolsSheet = lazy(() => import('./MobileToolsSheet').then((m) => ({ default: m.MobileToolsSheet })));
const PopularDrawer = lazy(() => import('./PopularDrawer').then((m) => ({ default: m.PopularDrawer })));

/** SPEC section 9: mobile below 768 px. The 'Popular' panel needs an extra-large screen (1280 px). */
const MOBILE_QUERY = '(max-width: 47.99em)';
const XL_QUERY = '(min-width: 80em)';

export interface TradingPageProps extends TradingParams {
  onChange: (next: Partial<TradingParams>) => void;
}

/** The trading screen (SPEC section 2): chart, toolbar, header card, popular watchlist; a mobile variant below 768 px. */
export function TradingPage({ symbol, timeframe, onChange }: TradingPageProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const isXl = useMediaQuery(XL_QUERY, undefined, { getInitialValueInEffect: false });
  const settings = useChartSettings();
  const chart = useLiveChart(symbol, timeframe);
  const watchlist = useWatchlist(isMobile || isXl);
  const [agentOpened, agent] = useDisclosure(false);
  const [toolsOpened, tools] = useDisclosure(false);
  const [popularOpened, popular] = useDisclosure(false);

  const setSymbol = (next: string) => onChange({ symbol: next });
  const setTimeframe = (next: Timeframe) => onChange({ timeframe: next });
  const search = <StockSearch onSelect={setSymbol} ariaLabel="Search a stock to chart" w={isMobile ? '100%' : 280} />;

  return (
    <div className={classes.page} data-mobile={isMobile || undefined}>
      {!isMobile && (
        <TradingToolbar timeframe={timeframe} onTimeframe={setTimeframe} settings={settings} onAgent={agent.open} />
      )}

      <main className={classes.main}>
        {isMobile && <div className={classes.mobileSearch}>{search}</div>}
        <ChartHeaderCard
          symbol={symbol}
          quote={chart.quote}
          quoteUnavailable={chart.quoteUnavailable}
          aside={isMobile ? undefined : search}
        />

        <Paper withBorder radius="md" className={classes.chartCard}>
          <Group justify="space-between" gap="xs" px="md" pt="sm" pb={4} wrap="wrap">
            <ChartLegend visibility={settings.visibility} />
            <Text size="xs" c="dimmed" data-testid="chart-timeframe">
              {settings.drawing ? 'Drawing: drag on the chart to add a line · ' : ''}
              {timeframe}
            </Text>
          </Group>
          <div className={classes.chartArea}>
            <PriceChart
              points={chart.points}
              isLoading={chart.isLoading}
              isError={chart.isError}
              resetKey={`${symbol}:${timeframe}`}
              visibility={settings.visibility}
              drawing={settings.drawing}
              label={`${symbol} price chart, ${timeframe}`}
            />
          </div>
        </Paper>

        {isMobile && (
          <SimpleGrid cols={3} spacing="xs" className={classes.mobileActions}>
            <Button
              variant="default"
              px="xs"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              onClick={tools.open}
            >
              Tools
            </Button>
            <Button variant="default" px="xs" leftSection={<IconListDetails size={16} />} onClick={popular.open}>
              Popular
            </Button>
            <Button
              variant="light"
              px="xs"
              color="violet"
              leftSection={<IconSparkles size={16} />}
              onClick={agent.open}
            >
              AI agent
            </Button>
          </SimpleGrid>
        )}
      </main>

      {isXl && !isMobile && (
        <aside className={classes.panel} aria-labelledby="popular-heading">
          <Title order={3} size="h5" id="popular-heading" px="sm" py="sm">
            Popular
          </Title>
          <ScrollArea className={classes.panelScroll}>
            <WatchlistList watchlist={watchlist} activeSymbol={symbol} onSelect={setSymbol} />
          </ScrollArea>
        </aside>
      )}

      {isMobile && (
        <Suspense fallback={null}>
          <MobileToolsSheet
            opened={toolsOpened}
            onClose={tools.close}
            timeframe={timeframe}
            onTimeframe={setTimeframe}
            settings={settings}
            watchlist={watchlist}
            symbol={symbol}
            onSymbol={setSymbol}
          />
          <PopularDrawer
            opened={popularOpened}
            onClose={popular.close}
            watchlist={watchlist}
            symbol={symbol}
            onSymbol={setSymbol}
          />
        </Suspense>
      )}
      <AgentLauncher opened={agentOpened} onClose={agent.close} symbol={symbol} />
    </div>
  );
}
