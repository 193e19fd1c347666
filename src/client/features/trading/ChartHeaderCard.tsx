import { Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatSignedChange, formatSignedPercent, formatUsd } from '../../../shared/format';
import type { Quote } from '../../../shared/market/types';
import { SimulatedBadge } from './SimulatedBadge';

export interface ChartHeaderCardProps {
  symbol: string;
  quote: Quote | undefined;
  /** The quote call failed: say so instead of a loading placeholder that never resolves. */
  quoteUnavailable?: boolean;
  /** Rendered on the right, e.g. the stock search on desktop. */
  aside?: ReactNode;
}

/** SPEC section 2: symbol, company name, price and change above the chart, kept live by the quote pushes. */
export function ChartHeaderCard({ symbol, quote, quoteUnavailable = false, aside }: ChartHeaderCardProps) {
  const change = quote?.regularMarketChange ?? 0;
  const color = change > 0 ? 'green' : change < 0 ? 'red' : 'dimmed';
  const Arrow = change < 0 ? IconArrowDownRight : IconArrowUpRight;
  return (
    <Paper withBorder p="md" radius="md" data-testid="chart-header">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <div>
          <Group gap="xs" align="center">
            <Title order={2} size="h3" data-testid="chart-symbol">
              {symbol}
            </Title>
            <SimulatedBadge />
          </Group>
          <Text size="sm" c="dimmed" data-testid="chart-company">
            {quote ? (
              quote.longName || quote.shortName
            ) : quoteUnavailable ? (
              'Quote unavailable'
            ) : (
              <Skeleton component="span" height={12} width={160} display="inline-block" />
            )}
          </Text>
          <Group gap="sm" align="baseline" mt={6}>
            <Text fz={28} fw={700} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="chart-price">
              {quote ? formatUsd(quote.regularMarketPrice) : '—'}
            </Text>
            {quote && (
              <Group gap={4} c={color} wrap="nowrap" data-testid="chart-change">
                <Arrow size={18} aria-hidden />
                <Text fw={600} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatSignedChange(change)} ({formatSignedPercent(quote.regularMarketChangePercent)})
                </Text>
              </Group>
            )}
          </Group>
        </div>
        {aside}
      </Group>
    </Paper>
  );
}
