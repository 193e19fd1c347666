import { Button, Center, Grid, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconChartLine, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import {
  formatMarketCap,
  formatMoney,
  formatPe,
  formatSignedChange,
  formatSignedPercent,
} from '../../../shared/format';
import type { StockAnalysis } from '../../../shared/market/types';
import { AnchorLink } from '../../components/RouterLinks';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { usePageTitle } from '../../lib/usePageTitle';
import { AlertBell } from '../alerts/AlertBell';
import { ChartLegend } from '../chart/ChartLegend';
import { DEFAULT_VISIBILITY } from '../chart/chartTypes';
import { PriceChart } from '../chart/PriceChart';
import { useLiveChart } from '../chart/useLiveChart';
import { SymbolNotFound } from '../search/SymbolNotFound';
import { SimulatedBadge } from '../trading/SimulatedBadge';
import { DividendsCard } from './DividendsCard';
import { EarningsCard } from './EarningsCard';
import { FactorBreakdown } from './FactorBreakdown';
import { RatingGauge } from './RatingGauge';
import classes from './StockSearchPage.module.css';
import { AddToWatchlist } from '../watchlists/AddToWatchlist';

export interface StockSearchPageProps {
  /** The ticker in the address (already upper-cased), if any. */
  symbol: string | undefined;
  onSearch: (symbol: string) => void;
}

/**
 * The public ticker lookup (product.md §2): rating, price (in the listing's currency), market cap, P/E, a 1D chart,
 * dividends and the next earnings report, the analysis and an overview.
 */
export function StockSearchPage({ symbol, onSearch }: StockSearchPageProps) {
  const trpc = useTRPC();
  const [text, setText] = useState(symbol ?? '');
  const analysis = useQuery(
    trpc.stocks.analysis.queryOptions({ symbol: symbol ?? '' }, { enabled: Boolean(symbol), staleTime: 60_000 }),
  );

  usePageTitle(symbol ? `${symbol} · Stock Search` : 'Stock Search');
  // The box shows the symbol in view again when it changes (adjusted while rendering, not in an effect).
  const [seenSymbol, setSeenSymbol] = useState(symbol);
  if (symbol !== seenSymbol) {
    setSeenSymbol(symbol);
    setText(symbol ?? '');
  }
  useEffect(() => {
    // product.md §8: any failure (the server says 'Stock not found') reads as an invalid ticker.
    if (analysis.isError) {
      void toast({
        title: 'Invalid Ticker',
        description: 'Please try a valid ticker symbol like AAPL, TSLA, or MSFT.',
        variant: 'destructive',
      });
    }
  }, [analysis.isError, analysis.errorUpdatedAt]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const ticker = text.trim().toUpperCase();
    if (!ticker) return;
    if (ticker === symbol) void analysis.refetch();
    else onSearch(ticker);
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Stock Search
        </Title>
        <Text c="dimmed">Look up a ticker for its rule-based score, key numbers and today's chart.</Text>
      </div>
      <form onSubmit={submit} className={classes.form}>
        <TextInput
          aria-label="Ticker symbol"
          placeholder="Enter a ticker, e.g. AAPL"
          value={text}
          onChange={(e) => setText(e.currentTarget.value.toUpperCase())}
          leftSection={<IconSearch size={16} aria-hidden />}
          className={classes.input}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit">Search</Button>
      </form>
      {symbol && analysis.isPending && analysis.isFetching && <AnalysisSkeleton />}
      {symbol && analysis.isError && (
        <Paper withBorder p="lg" radius="md" data-testid="stock-not-found">
          <Center>
            <SymbolNotFound symbol={symbol} onPick={onSearch} />
          </Center>
        </Paper>
      )}
      {analysis.data && <AnalysisView analysis={analysis.data} />}
    </Stack>
  );
}

function AnalysisView({ analysis }: { analysis: StockAnalysis }) {
  const chart = useLiveChart(analysis.symbol, '1D');
  // The live quote, once in, is fresher than the analysis snapshot.
  const price = chart.quote?.regularMarketPrice ?? analysis.price;
  const change = chart.quote?.regularMarketChange ?? analysis.change;
  const changePercent = chart.quote?.regularMarketChangePercent ?? analysis.changePercent;
  const tone = change > 0 ? 'green' : change < 0 ? 'red' : 'dimmed';
  return (
    <Stack gap="lg" data-testid="stock-analysis">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md" h="100%" className={classes.chartCard}>
            <Group justify="space-between" align="flex-start">
              <div>
                <Group gap="xs">
                  <Title order={2} size="h3">
                    {analysis.symbol}
                  </Title>
                  <SimulatedBadge />
                  <AlertBell symbol={analysis.symbol} level={price} size="md" />
                  <AddToWatchlist symbol={analysis.symbol} />
                </Group>
                <Text c="dimmed" size="sm">
                  {analysis.name}
                </Text>
              </div>
              <AnchorLink to="/trading" search={{ symbol: analysis.symbol }} size="sm">
                <Group gap={4}>
                  <IconChartLine size={16} aria-hidden />
                  Open in trading chart
                </Group>
              </AnchorLink>
            </Group>
            <Group gap="sm" align="baseline" mt="xs">
              <Text fz={30} fw={700} data-testid="stock-price" className={classes.number}>
                {formatMoney(price, analysis.currency)}
              </Text>
              <Text fw={600} c={tone} data-testid="stock-change" className={classes.number}>
                {formatSignedChange(change)} ({formatSignedPercent(changePercent)})
              </Text>
            </Group>
            <Group gap="xl" mt="sm">
              <Stat
                label="Market cap"
                value={formatMarketCap(analysis.marketCap, analysis.currency)}
                testId="market-cap"
              />
              <Stat label="P/E" value={formatPe(analysis.pe)} testId="pe" />
            </Group>
            <Group justify="space-between" mt="md">
              <ChartLegend visibility={DEFAULT_VISIBILITY} />
              <Text size="xs" c="dimmed">
                1D
              </Text>
            </Group>
            <div className={classes.chart}>
              <PriceChart
                points={chart.points}
                isLoading={chart.isLoading}
                isError={chart.isError}
                resetKey={analysis.symbol}
                visibility={DEFAULT_VISIBILITY}
                label={`${analysis.symbol} price chart, 1D`}
              />
            </div>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md" h="100%">
            {/* A fixed formula over price history and P/E (shared/indicators/rating.ts), not a model's opinion. */}
            <Title order={3} size="h5" mb="xs">
              Rule-based score
            </Title>
            <RatingGauge rating={analysis.rating} />
            <Title order={4} size="h6" mt="md" mb="xs">
              Why this rating
            </Title>
            <FactorBreakdown factors={analysis.factors} score={analysis.score} />
          </Paper>
        </Grid.Col>
      </Grid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <DividendsCard symbol={analysis.symbol} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <EarningsCard symbol={analysis.symbol} />
        </Grid.Col>
      </Grid>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4" mb="xs">
          Investment analysis (rule-based)
        </Title>
        <Text className={classes.prose} data-testid="stock-analysis-text">
          {analysis.analysis}
        </Text>
        <Text size="xs" c="dimmed" mt="sm">
          Educational content, not financial advice.
        </Text>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4" mb="xs">
          Company Overview
        </Title>
        <Text className={classes.prose}>{analysis.description}</Text>
      </Paper>
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} data-testid={testId} className={classes.number}>
        {value}
      </Text>
    </div>
  );
}

function AnalysisSkeleton() {
  return (
    <Grid gap="lg" aria-busy="true" aria-label="Loading analysis">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Skeleton height={420} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Skeleton height={420} radius="md" />
      </Grid.Col>
    </Grid>
  );
}
