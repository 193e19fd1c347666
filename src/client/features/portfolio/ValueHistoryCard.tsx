import { Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { HistoryPoint } from '../../../shared/market/types';
import { VALUE_HISTORY_RANGES, type ValueHistoryRange } from '../../../shared/portfolio/schemas';
import type { ChartVisibility } from '../chart/chartTypes';
import { PriceChart } from '../chart/PriceChart';
import classes from './Portfolio.module.css';
import { useValueHistory } from './usePortfolioData';

/** A value line has no moving averages or crossover signals. */
const LINE_ONLY: ChartVisibility = { movingAverages: false, buySignals: false, sellSignals: false };

/**
 * The value of today's holdings at past prices over 1M / 6M / 1Y / 5Y, drawn with the project's uPlot chart.
 * Labelled as such: it is not the history of past trades.
 */
export function ValueHistoryCard({ portfolioId }: { portfolioId: string }) {
  const [range, setRange] = useState<ValueHistoryRange>('1Y');
  const history = useValueHistory(portfolioId, range, true);
  const points = useMemo<HistoryPoint[] | undefined>(
    () =>
      history.data?.points.map((p) => ({
        time: p.time,
        open: p.value,
        high: p.value,
        low: p.value,
        close: p.value,
        volume: 0,
      })),
    [history.data],
  );
  return (
    <Paper withBorder radius="md" p="md" h="100%">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Title order={3} size="h4">
            Value over time
          </Title>
          <Text size="xs" c="dimmed">
            Today's holdings at past prices, not a record of past trades
          </Text>
        </div>
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(v) => setRange(v)}
          data={[...VALUE_HISTORY_RANGES]}
          aria-label="Chart range"
        />
      </Group>
      <div className={classes.chart} data-testid="value-history">
        <PriceChart
          points={points}
          isLoading={history.isFetching}
          isError={history.isLoadingError}
          resetKey={`${portfolioId}-${range}`}
          visibility={LINE_ONLY}
          label={`Value of today's holdings at past prices, ${range}`}
        />
      </div>
      {history.data && history.data.missing.length > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          Left out for lack of price history: {history.data.missing.join(', ')}
        </Text>
      )}
    </Paper>
  );
}
