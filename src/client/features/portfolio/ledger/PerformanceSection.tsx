import {
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Suspense, useState, type FormEvent } from 'react';
import { formatMoneyText, formatSignedMoneyText, toneOf } from '../../../../shared/portfolio/format';
import { PERFORMANCE_RANGES, type CostMethod, type PerformanceRange } from '../../../../shared/portfolio/ledger/types';
import { LoadFailed } from '../../../components/LoadFailed';
import { retryableLazy } from '../../../components/retryableLazy';
import { CostMethodControl } from './CostMethodControl';
import { DividendsList } from './DividendsList';
import { Figure } from './Figure';
import { mwrShown } from './mwrShown';
import { formatFraction } from './ledgerFormat';
import { MEANING, NOT_MEANINGFUL_WHY } from './ledgerText';
import { MonthlyHeatmap } from './MonthlyHeatmap';
import { useActivities, usePerformance } from './useLedgerData';
import { Waterfall } from './Waterfall';
import classes from './Ledger.module.css';

const PerformanceChart = retryableLazy(() => import('./PerformanceChart'));

const DEFAULT_BENCHMARK = 'SPY';

/** A fraction's colour: green above 0, red below. */
const toneOfFraction = (v: string | null) => (v === null ? undefined : toneOf(v));

interface Props {
  portfolioId: string;
  costMethod: CostMethod;
}

/**
 * The Performance card (TWR, money-weighted return, the waterfall from start to end value, the chart against the
 * benchmark), then the monthly-returns heatmap and the dividends received, all for the chosen range.
 */
export default function PerformanceSection({ portfolioId, costMethod }: Props) {
  const [range, setRange] = useState<PerformanceRange>('ALL');
  const [benchmark, setBenchmark] = useState(DEFAULT_BENCHMARK);
  const [typed, setTyped] = useState(DEFAULT_BENCHMARK);
  const activities = useActivities(portfolioId);
  const performance = usePerformance(portfolioId, range, benchmark);
  const p = performance.data;
  const mwr = p ? mwrShown(p.mwr, p.from, p.to) : null;
  const empty = activities.data?.length === 0;

  function applyBenchmark(event: FormEvent) {
    event.preventDefault();
    const next = typed.trim().toUpperCase() || DEFAULT_BENCHMARK;
    setTyped(next);
    setBenchmark(next);
  }

  return (
    <Stack gap="lg" data-testid="performance-section">
      <Paper withBorder radius="md" p="md" data-testid="performance-card" aria-busy={performance.isFetching}>
        <Group justify="space-between" wrap="wrap" gap="xs" mb="sm" align="flex-start">
          <div>
            <Title order={3} size="h4">
              Performance
            </Title>
            {p && !empty && (
              <Text size="xs" c="dimmed">
                {p.from} to {p.to}
              </Text>
            )}
          </div>
          <Group gap="xs" wrap="wrap" align="flex-end">
            <SegmentedControl
              size="xs"
              value={range}
              onChange={(v) => setRange(v)}
              data={[...PERFORMANCE_RANGES]}
              aria-label="Performance range"
            />
            <form onSubmit={applyBenchmark} style={{ display: 'flex', gap: 4, alignItems: 'flex-end' }}>
              <TextInput
                size="xs"
                w={90}
                label="Benchmark"
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                onBlur={applyBenchmark}
                autoComplete="off"
                spellCheck={false}
                styles={{ input: { textTransform: 'uppercase' } }}
              />
              <Button type="submit" size="xs" variant="default">
                Compare
              </Button>
            </form>
          </Group>
        </Group>
        <CostMethodControl portfolioId={portfolioId} method={costMethod} />
        {empty ? (
          <Stack align="center" gap={4} py="lg" ta="center" data-testid="performance-empty">
            <Text fw={600}>No activities yet: add a buy, a deposit or import a CSV</Text>
            <Text size="sm" c="dimmed">
              Returns are measured from the activities on the Activity tab.
            </Text>
          </Stack>
        ) : performance.isError && !p ? (
          <Stack mt="md">
            <LoadFailed what="the performance" onRetry={() => void performance.refetch()} />
          </Stack>
        ) : !p ? (
          <Stack gap="sm" mt="md" aria-busy="true" role="status" aria-label="Loading performance">
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h={48} />
              ))}
            </SimpleGrid>
            <Skeleton h={160} />
            <Skeleton h={260} />
          </Stack>
        ) : (
          <Stack gap="md" mt="md">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" verticalSpacing="sm">
              <Figure
                label="Time-weighted return (TWR)"
                meaning={MEANING.twr}
                value={p.twr === null ? null : formatFraction(p.twr)}
                tone={toneOfFraction(p.twr)}
                whyNotMeaningful={NOT_MEANINGFUL_WHY.twr}
                testId="figure-twr"
              />
              {p.twrAnnualised !== null && (
                <Figure
                  label="TWR, annualised"
                  meaning={MEANING.twrAnnualised}
                  value={formatFraction(p.twrAnnualised)}
                  tone={toneOfFraction(p.twrAnnualised)}
                  testId="figure-twr-annualised"
                />
              )}
              <Figure
                label={mwr!.label}
                meaning={mwr!.perYear ? MEANING.mwrPerYear : MEANING.mwrForRange}
                value={mwr!.value === null ? null : formatFraction(mwr!.value)}
                tone={toneOfFraction(mwr!.value)}
                whyNotMeaningful={NOT_MEANINGFUL_WHY.mwr}
                testId="figure-mwr"
              />
              <Figure
                label={`${p.benchmark.symbol} return`}
                meaning={MEANING.benchmark}
                value={p.benchmark.twr === null ? null : formatFraction(p.benchmark.twr)}
                tone={toneOfFraction(p.benchmark.twr)}
                testId="figure-benchmark"
              />
              <Figure
                label={`Same flows in ${p.benchmark.symbol}`}
                meaning={MEANING.benchmarkValue}
                value={
                  p.benchmark.valueWithSameFlows === null
                    ? null
                    : formatMoneyText(p.benchmark.valueWithSameFlows, p.currency)
                }
                testId="figure-benchmark-value"
              />
              <Figure
                label="Realised gain"
                meaning={MEANING.realisedGain}
                value={formatSignedMoneyText(p.realisedGain, p.currency)}
                tone={toneOf(p.realisedGain)}
                testId="figure-realised"
              />
              <Figure
                label="Unrealised gain"
                meaning={MEANING.unrealisedGain}
                value={formatSignedMoneyText(p.unrealisedGain, p.currency)}
                tone={toneOf(p.unrealisedGain)}
                testId="figure-unrealised"
              />
              {p.cashCurrencyGain !== undefined && (
                <Figure
                  label="Currency gain on cash"
                  meaning={MEANING.cashCurrencyGain}
                  value={formatSignedMoneyText(p.cashCurrencyGain, p.currency)}
                  tone={toneOf(p.cashCurrencyGain)}
                  testId="figure-cash-currency-gain"
                />
              )}
              <Figure
                label="Dividends"
                meaning={MEANING.dividends}
                value={formatMoneyText(p.dividends, p.currency)}
                testId="figure-dividends"
              />
              <Figure
                label="Fees"
                meaning={MEANING.fees}
                value={formatMoneyText(p.fees, p.currency)}
                testId="figure-fees"
              />
              <Figure
                label="Cash"
                meaning={MEANING.cash}
                value={formatMoneyText(p.cashBalance, p.currency)}
                testId="figure-cash"
              />
            </SimpleGrid>
            <div>
              <Text size="sm" fw={600} mb={6}>
                From start to end value
              </Text>
              <Waterfall decomposition={p.decomposition} currency={p.currency ?? 'USD'} />
            </div>
            <div className={classes.chart}>
              <Suspense fallback={<Skeleton h={260} role="status" aria-label="Loading the chart" />}>
                <PerformanceChart series={p.series} benchmark={p.benchmark.symbol} />
              </Suspense>
            </div>
          </Stack>
        )}
      </Paper>
      {p && !empty && (
        <Grid gap="lg">
          {/* The grid takes the whole width: thirteen columns of returns beside the dividends clipped December at
              1440 px (issue 27 §6). */}
          <Grid.Col span={12}>
            <MonthlyHeatmap months={p.monthlyReturns} />
          </Grid.Col>
          <Grid.Col span={12}>
            <DividendsList dividends={p.dividendsReceived} total={p.dividends} currency={p.currency ?? 'USD'} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
