import { Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { formatSignedChange, formatSignedPercent, formatUsd } from '../../../shared/format';
import type { Quote, Timeframe } from '../../../shared/market/types';
import classes from './ChartHeaderCard.module.css';
import type { RangeChange } from './rangeChange';
import { MarketClosedBadge } from './MarketClosedBadge';
import { SimulatedBadge } from './SimulatedBadge';
import { AddToWatchlist } from '../watchlists/AddToWatchlist';

export interface ChartHeaderCardProps {
  symbol: string;
  quote: Quote | undefined;
  /** The quote call failed: say so instead of a loading placeholder that never resolves. */
  quoteUnavailable?: boolean;
  /** The symbol does not exist. */
  notFound?: boolean;
  /** The text is not a ticker at all. */
  notATicker?: boolean;
  timeframe: Timeframe;
  /** First to last close of the chart's points: what the chart's colour follows. */
  range: RangeChange | null;
  /** Rendered on the right, e.g. the stock search on desktop. */
  aside?: ReactNode;
  /** The symbol heading, which takes focus when a search lands on this page. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Beside the symbol: the alert bell (issue 30 §2). */
  actions?: ReactNode;
}

/**
 * product.md §2: symbol, company name, price and change above the chart, kept live by the quote pushes. Two changes,
 * each labelled: today's (against the previous close) and the selected range's (first to last point), because the
 * chart's colour follows the range and the two can point different ways.
 */
export function ChartHeaderCard(props: ChartHeaderCardProps) {
  const {
    symbol,
    quote,
    quoteUnavailable = false,
    notFound = false,
    notATicker = false,
    timeframe,
    range,
    aside,
    headingRef,
    actions,
  } = props;
  return (
    <Paper withBorder p="md" radius="md" data-testid="chart-header">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <div className={classes.summary}>
          <Group gap="xs" align="center">
            <Title
              order={1}
              size="h3"
              data-testid="chart-symbol"
              ref={headingRef}
              tabIndex={-1}
              className={classes.symbol}
            >
              {symbol}
            </Title>
            <SimulatedBadge />
            {quote && <MarketClosedBadge state={quote.marketState} time={quote.regularMarketTime} />}
            {quote && <AddToWatchlist symbol={symbol} />}
            {actions}
          </Group>
          <Text size="sm" c="dimmed" data-testid="chart-company">
            {quote ? (
              quote.longName || quote.shortName
            ) : notATicker ? (
              'Not a ticker'
            ) : notFound ? (
              'Symbol not found'
            ) : quoteUnavailable ? (
              'Quote unavailable'
            ) : (
              <Skeleton component="span" height={12} width={160} display="inline-block" />
            )}
          </Text>
          <Group gap="lg" align="flex-end" mt={6} wrap="wrap">
            <Text fz={28} fw={700} lh={1.1} className={classes.number} data-testid="chart-price">
              {quote ? formatUsd(quote.regularMarketPrice) : '—'}
            </Text>
            {quote && (
              <Change
                // While closed the change is the last session's, from the close before it to its own close.
                label={quote.marketState === 'closed' ? 'Last session' : 'Today'}
                change={quote.regularMarketChange}
                percent={quote.regularMarketChangePercent}
                testId="chart-change"
              />
            )}
            {range && (
              <Change
                label={`${timeframe} range`}
                change={range.change}
                percent={range.percent}
                testId="chart-range-change"
              />
            )}
          </Group>
        </div>
        {aside}
      </Group>
    </Paper>
  );
}

function Change({
  label,
  change,
  percent,
  testId,
}: {
  label: string;
  change: number;
  percent: number;
  testId: string;
}) {
  const color = change > 0 ? 'green' : change < 0 ? 'red' : 'dimmed';
  const Arrow = change < 0 ? IconArrowDownRight : IconArrowUpRight;
  return (
    <div className={classes.change}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" className={classes.changeLabel}>
        {label}
      </Text>
      <Group gap={4} c={color} wrap="nowrap">
        <Arrow size={16} aria-hidden />
        <Text fw={600} c={color} className={classes.number} data-testid={testId}>
          {formatSignedChange(change)} ({formatSignedPercent(percent)})
        </Text>
      </Group>
    </div>
  );
}
