import { Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DividendEvent, DividendInfo } from '../../../shared/market/types';
import { LoadFailed } from '../../components/LoadFailed';
import { formatShortDate } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { DIVIDEND_STATUS, formatDividendAmount, formatYield, FREQUENCY_LABEL } from './eventLabels';
import classes from './StockSearchPage.module.css';

/** How many past payments the block lists. */
const LAST_PAYMENTS = 4;

/**
 * The stock page's dividends: trailing yield and annual rate, how often it pays, the next ex-dividend and payment
 * dates (declared or only projected from the usual schedule) and the last payments. Day-level data: kept an hour.
 */
export function DividendsCard({ symbol }: { symbol: string }) {
  const trpc = useTRPC();
  const dividends = useQuery(trpc.stocks.dividends.queryOptions({ symbol }, { staleTime: 60 * 60_000 }));
  return (
    <Paper withBorder p="md" radius="md" h="100%" data-testid="dividends" aria-busy={dividends.isPending}>
      <Title order={3} size="h4" mb="xs">
        Dividends
      </Title>
      {dividends.isPending ? (
        <Stack gap="xs" aria-label="Loading dividends">
          <Skeleton height={40} />
          <Skeleton height={16} width="70%" />
          <Skeleton height={16} width="55%" />
        </Stack>
      ) : dividends.isError ? (
        <LoadFailed what="dividends" onRetry={() => void dividends.refetch()} />
      ) : (
        <DividendsView info={dividends.data} />
      )}
    </Paper>
  );
}

function DividendsView({ info }: { info: DividendInfo }) {
  if (!info.frequency) {
    return (
      <Text c="dimmed" data-testid="dividends-empty">
        {info.symbol} has paid no dividend in the last five years.
      </Text>
    );
  }
  const next = info.upcoming[0];
  const last = info.history.slice(0, LAST_PAYMENTS);
  return (
    <Stack gap="sm">
      <Group gap="xl">
        <Figure label="Yield" value={formatYield(info.trailingYield)} testId="dividend-yield" />
        <Figure
          label="Annual rate"
          value={info.trailingAnnualRate ? formatDividendAmount(info.trailingAnnualRate, info.currency) : 'N/A'}
          testId="dividend-rate"
        />
        <Figure label="Pays" value={FREQUENCY_LABEL[info.frequency]} testId="dividend-frequency" />
      </Group>
      {next ? <NextDividend event={next} /> : <Text c="dimmed">No payment expected in the next twelve months.</Text>}
      {last.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing={4} data-testid="dividend-history" aria-label={`Last dividends of ${info.symbol}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ex-dividend</Table.Th>
                <Table.Th>Paid</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {last.map((event) => (
                <Table.Tr key={event.exDate}>
                  <Table.Td>{formatShortDate(event.exDate)}</Table.Td>
                  <Table.Td>{event.payDate ? formatShortDate(event.payDate) : '—'}</Table.Td>
                  <Table.Td ta="right" className={classes.number}>
                    {formatDividendAmount(event.amount, event.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {info.stale && (
        <Text size="xs" c="dimmed">
          The data source is not answering: these are the last figures it gave.
        </Text>
      )}
    </Stack>
  );
}

function NextDividend({ event }: { event: DividendEvent }) {
  const status = DIVIDEND_STATUS[event.status];
  return (
    <div data-testid="next-dividend" data-status={event.status}>
      <Group gap="xs">
        <Text fw={600}>Next: {formatDividendAmount(event.amount, event.currency)}</Text>
        <Badge color={status.color} variant="light" title={status.hint}>
          {status.label}
        </Badge>
      </Group>
      <Text size="sm">
        Ex-dividend {formatShortDate(event.exDate)}
        {event.payDate ? ` · paid ${formatShortDate(event.payDate)}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {status.hint}
      </Text>
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
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
