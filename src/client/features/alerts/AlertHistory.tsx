import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { describeFiring } from '../../../shared/alerts/describe';
import type { Alert } from '../../../shared/alerts/types';
import { formatMoney } from '../../../shared/format';
import { LoadFailed } from '../../components/LoadFailed';
import { useTRPC } from '../../lib/trpc';
import { formatAlertTime, formatMeasure } from './alertText';

/** While the history is open it is read again this often: a firing shows up without a reload. */
const REFRESH_MS = 5_000;

/** The times one alert fired, newest first, a page at a time (GET /api/alerts/{id}/history). */
export function AlertHistory({ alert }: { alert: Alert }) {
  const trpc = useTRPC();
  const history = useInfiniteQuery(
    trpc.alerts.history.infiniteQueryOptions(
      { id: alert.id },
      {
        getNextPageParam: (page) => page.nextCursor ?? undefined,
        refetchInterval: REFRESH_MS,
      },
    ),
  );
  // A firing the list has not heard of yet (it is read less often): the alert's status and count changed with it.
  const queryClient = useQueryClient();
  const newest = history.data?.pages[0]?.firings[0];
  const behind =
    newest !== undefined && (alert.lastFiredAt === null || Date.parse(newest.tickAt) > Date.parse(alert.lastFiredAt));
  useEffect(() => {
    if (behind) void queryClient.invalidateQueries({ queryKey: trpc.alerts.list.queryKey() });
  }, [behind, queryClient, trpc]);
  if (history.isPending) return <Loader size="sm" role="status" aria-label="Loading history" />;
  if (history.isLoadingError) return <LoadFailed what="this alert's history" onRetry={() => void history.refetch()} />;
  const firings = history.data.pages.flatMap((page) => page.firings);
  if (firings.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="alert-history-empty">
        Not fired yet.
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid="alert-history">
      {firings.map((firing) => (
        <Group key={firing.id} justify="space-between" gap="xs" wrap="wrap" data-testid="alert-firing">
          <Text size="sm">
            {firing.symbol} {describeFiring(firing.condition, firing.level, firing.currency)}
            {' · '}
            {formatMeasure(firing.condition, firing.value, firing.currency)}
            {firing.condition.startsWith('price') || firing.condition.startsWith('crosses')
              ? ''
              : ` (price ${formatMoney(firing.price, firing.currency)})`}
            {firing.capped ? ' · stopped: fired too often' : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {formatAlertTime(firing.firedAt)}
          </Text>
        </Group>
      ))}
      {history.hasNextPage && (
        <Button
          size="xs"
          variant="subtle"
          w="fit-content"
          loading={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          Older firings
        </Button>
      )}
    </Stack>
  );
}
