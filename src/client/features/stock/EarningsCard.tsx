import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { epsWords } from '../../../shared/market/eps';
import type { EarningsInfo } from '../../../shared/market/types';
import { LoadFailed } from '../../components/LoadFailed';
import { formatShortDate } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { EpsHistory } from './EpsHistory';
import { EpsSurprise } from './EpsSurprise';
import { EARNINGS_STATUS, sessionLabel } from './eventLabels';

/**
 * The stock page's next earnings report: its date, whether the company announced it (confirmed) or it is expected
 * from the usual weeks (estimated), with the analysts' EPS estimate; the last report with its EPS against the estimate
 * and the surprise, and the year's reports before it. Funds, indices and crypto report none.
 */
export function EarningsCard({ symbol }: { symbol: string }) {
  const trpc = useTRPC();
  const earnings = useQuery(trpc.stocks.earnings.queryOptions({ symbol }, { staleTime: 60 * 60_000 }));
  return (
    <Paper withBorder p="md" radius="md" h="100%" data-testid="earnings" aria-busy={earnings.isPending}>
      <Title order={3} size="h4" mb="xs">
        Next earnings
      </Title>
      {earnings.isPending ? (
        <Stack gap="xs" aria-label="Loading earnings dates">
          <Skeleton height={24} width="60%" />
          <Skeleton height={16} width="80%" />
        </Stack>
      ) : earnings.isError ? (
        <LoadFailed what="earnings dates" onRetry={() => void earnings.refetch()} />
      ) : (
        <EarningsView info={earnings.data} />
      )}
    </Paper>
  );
}

function EarningsView({ info }: { info: EarningsInfo }) {
  const next = info.upcoming[0];
  const last = info.history[0];
  if (!next && !last) {
    return (
      <Text c="dimmed" data-testid="earnings-empty">
        {info.symbol} reports no earnings: funds, indices and crypto have none.
      </Text>
    );
  }
  const status = next ? EARNINGS_STATUS[next.status] : null;
  const session = next ? sessionLabel(next.time) : null;
  const nextEps = epsWords(next?.eps);
  const lastEps = epsWords(last?.eps);
  return (
    <Stack gap={6}>
      {next && status ? (
        <div data-testid="next-earnings" data-status={next.status}>
          <Group gap="xs">
            <Text fw={700} size="lg">
              {formatShortDate(next.date)}
            </Text>
            <Badge color={status.color} variant="light" title={status.hint}>
              {status.label}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {status.hint}
            {session ? ` Reports ${session}.` : ''}
          </Text>
          {nextEps && (
            <Text size="sm" data-testid="next-eps">
              {nextEps.figures}
            </Text>
          )}
        </div>
      ) : (
        <Text c="dimmed">No report expected in the next twelve months.</Text>
      )}
      {last && (
        <Text size="sm" data-testid="last-earnings">
          Last reported {formatShortDate(last.date)}
          {lastEps ? `: ${lastEps.figures}` : ''}
          {lastEps?.surprise && (
            <>
              {', surprise '}
              <EpsSurprise words={lastEps} />
            </>
          )}
        </Text>
      )}
      <EpsHistory reports={info.history} />
      {info.stale && (
        <Text size="xs" c="dimmed">
          The data source is not answering: these are the last dates it gave.
        </Text>
      )}
    </Stack>
  );
}
