import { Group, Paper, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, useEffect, useRef, useState } from 'react';
import { takeFocusRequest } from '../../lib/focusOnArrival';
import { usePageTitle } from '../../lib/usePageTitle';
import { AlertBell } from '../alerts/AlertBell';
import { useAlertLine } from '../alerts/useAlertLine';
import { ChartLegend } from '../chart/ChartLegend';
import { PriceChart, type PriceChartHandle } from '../chart/PriceChart';
import type { LinesState } from '../chart/drawnLines';
import { useLiveChart } from '../chart/useLiveChart';
import { StockSearch } from '../search/StockSearch';
import { AgentLauncher } from '../chat/AgentLauncher';
import { ChartControls } from './ChartControls';
import { ChartHeaderCard } from './ChartHeaderCard';
import { useChartSettings } from './chartSettings';
import { rangeChange } from './rangeChange';
import { TradingToolbar } from './TradingToolbar';
import classes from './TradingPage.module.css';
import type { TradingParams } from './tradingParams';
import { tradingTitle } from './tradingTitle';
import { useTimeframeSwitch } from './useTimeframeSwitch';
import { useWatchlist } from './watchlist/useWatchlist';
import { PanelWatchlist, usePanelTitle } from './watchlist/PanelWatchlist';
import { useAuth } from '../../lib/useAuth';
import { retryableLazy } from '../../components/retryableLazy';

// Parts shown on demand load on demand: the phone's tools sheet, and the Popular drawer (phones and 768-1279 px).
// So do the phone's own buttons above the chart: the desktop page never shows them.
const MobileChartTools = retryableLazy(() =>
  import('./MobileChartTools').then((m) => ({ default: m.MobileChartTools })),
);
const MobileToolsSheet = retryableLazy(() =>
  import('./MobileToolsSheet').then((m) => ({ default: m.MobileToolsSheet })),
);
const PopularDrawer = retryableLazy(() => import('./PopularDrawer').then((m) => ({ default: m.PopularDrawer })));
// An unknown symbol is rare: its suggestions (and the list of well-known stocks they fall back on) load when needed.
const SymbolNotFound = retryableLazy(() =>
  import('../search/SymbolNotFound').then((m) => ({ default: m.SymbolNotFound })),
);

/** product.md §9: mobile below 768 px. The 'Popular' panel needs an extra-large screen (1280 px). */
const MOBILE_QUERY = '(max-width: 47.99em)';
const XL_QUERY = '(min-width: 80em)';

const NO_LINES: LinesState = { count: 0, selected: -1, canUndo: false };

export interface TradingPageProps extends TradingParams {
  onChange: (next: Partial<TradingParams>) => void;
}

/**
 * The trading screen (product.md §2): chart with its tools, toolbar, header card, popular watchlist (a panel from
 * 1280 px, a drawer below); a mobile variant below 768 px.
 */
export function TradingPage({ symbol, timeframe, onChange }: TradingPageProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const isXl = useMediaQuery(XL_QUERY, undefined, { getInitialValueInEffect: false });
  const settings = useChartSettings();
  const chart = useLiveChart(symbol, timeframe);
  const [agentOpened, agent] = useDisclosure(false);
  const [toolsOpened, tools] = useDisclosure(false);
  const [popularOpened, popular] = useDisclosure(false);
  const { isAuthenticated } = useAuth();
  const panelTitle = usePanelTitle();
  // Visitors see the popular list; a signed-in user's own lists are followed by the panel itself.
  const watchlist = useWatchlist((isXl || popularOpened || toolsOpened) && !isAuthenticated);
  const chartRef = useRef<PriceChartHandle>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [zoomed, setZoomed] = useState(false);
  const [lines, setLines] = useState<LinesState>(NO_LINES);

  const alertLine = useAlertLine(symbol, chart.notFound ? undefined : chart.quote?.regularMarketPrice);

  usePageTitle(tradingTitle(symbol, chart.quote));

  // A symbol picked in the header's search on another page: focus lands on the symbol, not the top of the document.
  useEffect(() => {
    if (takeFocusRequest()) headingRef.current?.focus({ preventScroll: true });
  }, []);
  // Drawn lines belong to one chart: another symbol or range starts without them (adjusted while rendering).
  const chartKey = `${symbol} ${timeframe}`;
  const [seenChartKey, setSeenChartKey] = useState(chartKey);
  if (chartKey !== seenChartKey) {
    setSeenChartKey(chartKey);
    setLines(NO_LINES);
  }

  const setSymbol = (next: string) => onChange({ symbol: next });
  const timeframes = useTimeframeSwitch(symbol, (next) => onChange({ timeframe: next }));
  const setTimeframe = timeframes.switchTo;
  const search = (
    <StockSearch
      onSelect={setSymbol}
      ariaLabel="Search a stock to chart"
      w={isMobile ? '100%' : 280}
      dropdownAlign={isMobile ? 'start' : 'end'}
    />
  );

  return (
    <div className={classes.page} data-mobile={isMobile || undefined}>
      {!isMobile && (
        <TradingToolbar
          timeframe={timeframe}
          onTimeframe={setTimeframe}
          settings={settings}
          onAgent={agent.open}
          onPopular={isXl ? undefined : popular.open}
        />
      )}

      <main className={classes.main}>
        {isMobile && <div className={classes.mobileSearch}>{search}</div>}
        <ChartHeaderCard
          symbol={symbol}
          quote={chart.quote}
          quoteUnavailable={chart.quoteUnavailable}
          notFound={chart.notFound}
          notATicker={chart.notATicker}
          timeframe={timeframe}
          range={chart.notFound ? null : rangeChange(chart.points)}
          aside={isMobile ? undefined : search}
          headingRef={headingRef}
          actions={chart.notFound ? undefined : <AlertBell symbol={symbol} level={chart.quote?.regularMarketPrice} />}
        />

        {/* On a phone the tools come before the chart, so they are on the first screen, not under 52vh of it. */}
        {isMobile && (
          <Suspense fallback={null}>
            <MobileChartTools
              timeframe={timeframe}
              onTimeframe={setTimeframe}
              onTools={tools.open}
              onPopular={popular.open}
              onAgent={agent.open}
              className={classes.mobileActions}
            />
          </Suspense>
        )}

        <Paper withBorder radius="md" className={classes.chartCard}>
          <Group justify="space-between" gap="xs" px="md" pt="sm" pb={4} wrap="wrap">
            <ChartLegend visibility={settings.visibility} />
            <Group gap="sm" wrap="nowrap">
              {alertLine.button}
              <ChartControls
                mode={settings.mode}
                onMode={settings.setMode}
                zoomed={zoomed}
                lines={lines}
                chart={chartRef}
              />
              <Text size="xs" c="dimmed" data-testid="chart-timeframe" visibleFrom="sm">
                {settings.drawing ? 'Drawing · ' : ''}
                {timeframe}
              </Text>
            </Group>
          </Group>
          <div className={classes.chartArea}>
            <PriceChart
              ref={chartRef}
              points={chart.points}
              isLoading={chart.isLoading || timeframes.pending !== null}
              isError={chart.isError}
              errorView={
                chart.notFound ? (
                  <Suspense fallback={null}>
                    <SymbolNotFound symbol={symbol} notATicker={chart.notATicker} onPick={setSymbol} />
                  </Suspense>
                ) : undefined
              }
              resetKey={`${symbol}:${timeframe}`}
              visibility={settings.visibility}
              mode={settings.mode}
              drawing={settings.drawing}
              label={`${symbol} price chart, ${timeframe}`}
              onZoomChange={setZoomed}
              onLinesChange={setLines}
              alertLine={alertLine.level}
              onAlertLineDrop={alertLine.onDrop}
            />
          </div>
        </Paper>
      </main>

      {isXl && !isMobile && (
        <aside className={classes.panel} aria-labelledby="popular-heading">
          <Title order={2} size="h5" id="popular-heading" px="sm" py="sm">
            {panelTitle}
          </Title>
          <div className={classes.panelScroll}>
            <PanelWatchlist popular={watchlist} activeSymbol={symbol} onSelect={setSymbol} />
          </div>
        </aside>
      )}

      <Suspense fallback={null}>
        {isMobile && toolsOpened && (
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
        )}
        {!isXl && popularOpened && (
          <PopularDrawer
            opened={popularOpened}
            onClose={popular.close}
            watchlist={watchlist}
            symbol={symbol}
            onSymbol={setSymbol}
          />
        )}
      </Suspense>
      {alertLine.dialog}
      <AgentLauncher opened={agentOpened} onClose={agent.close} symbol={symbol} />
    </div>
  );
}
