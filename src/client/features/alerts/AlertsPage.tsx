import { ActionIcon, Badge, Button, Collapse, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconBellOff, IconHistory, IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { describeCondition } from '../../../shared/alerts/describe';
import type { Alert } from '../../../shared/alerts/types';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/LoadFailed';
import { AnchorLink } from '../../components/RouterLinks';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { usePageTitle } from '../../lib/usePageTitle';
import { AlertDialog } from './AlertDialog';
import { AlertHistory } from './AlertHistory';
import { formatAlertTime, frequencyText, STATUS_TEXT } from './alertText';

/** The list is read again this often: a status that changed on the server (fired, expired) shows without a reload. */
const REFRESH_MS = 15_000;

/** /alerts: the signed-in person's price alerts, each with its history, to pause, edit or delete (issue 30 §2). */
export function AlertsPage() {
  usePageTitle('Alerts');
  const trpc = useTRPC();
  const list = useQuery(trpc.alerts.list.queryOptions(undefined, { refetchInterval: REFRESH_MS }));
  return (
    <Stack gap="lg">
      <PageHeader
        title="Alerts"
        subtitle="Price alerts checked on every live price. Set one with the bell on a chart or a stock page."
      />
      {list.isPending ? (
        <Stack gap="sm" aria-label="Loading alerts">
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : list.isLoadingError ? (
        <LoadFailed what="your alerts" onRetry={() => void list.refetch()} />
      ) : list.data.alerts.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="alerts-empty">
          <Stack align="center" gap="xs" ta="center">
            <IconBellOff size={28} aria-hidden />
            <Text fw={600}>No alerts yet</Text>
            <Text size="sm" c="dimmed">
              Open a chart and press the bell beside the price to be told when it reaches your level.
            </Text>
            <AnchorLink to="/trading">Open the trading chart</AnchorLink>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm" data-testid="alerts-list">
          <Text size="sm" c="dimmed">
            {list.data.alerts.length} of {list.data.limits.alerts} alerts
          </Text>
          {list.data.alerts.map((alert) => (
            <AlertRow key={alert.id} alert={alert} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AlertRow({ alert }: { alert: Alert }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [historyOpen, history] = useDisclosure(false);
  const [editing, edit] = useDisclosure(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.alerts.list.queryKey() });
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorBodyOf(error).message || 'Please try again.', variant: 'destructive' });
  const setActive = useMutation(
    trpc.alerts.update.mutationOptions({ onSuccess: refresh, onError: failed('Alert not changed') }),
  );
  const remove = useMutation(
    trpc.alerts.delete.mutationOptions({
      onSuccess: () => {
        refresh();
        void toast({ title: 'Alert deleted', description: `${alert.symbol} ${describe(alert)}` });
      },
      onError: failed('Alert not deleted'),
    }),
  );
  const status = STATUS_TEXT[alert.status];
  const armed = alert.status === 'armed';
  return (
    <Paper withBorder radius="md" p="md" data-testid="alert-row" data-alert-id={alert.id}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <AnchorLink to="/trading" search={{ symbol: alert.symbol }} fw={700}>
              {alert.symbol}
            </AnchorLink>
            <Text fw={600}>{describe(alert)}</Text>
            <Badge color={status.color} variant="light" data-testid="alert-status">
              {status.label}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {frequencyText(alert)}
            {alert.expiresAt ? ` · expires ${formatAlertTime(alert.expiresAt)}` : ''}
            {alert.fireCount > 0 ? ` · fired ${alert.fireCount}×` : ''}
          </Text>
          {alert.note && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {alert.note}
            </Text>
          )}
        </Stack>
        <Group gap={6} wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconHistory size={14} aria-hidden />}
            onClick={history.toggle}
            aria-expanded={historyOpen}
          >
            History
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={armed ? `Pause alert on ${alert.symbol}` : `Turn alert on ${alert.symbol} on`}
            loading={setActive.isPending}
            onClick={() => setActive.mutate({ id: alert.id, active: !armed })}
          >
            {armed ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label={`Edit alert on ${alert.symbol}`} onClick={edit.open}>
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            color="red"
            size="lg"
            aria-label={`Delete alert on ${alert.symbol}`}
            loading={remove.isPending}
            onClick={() => remove.mutate({ id: alert.id })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Collapse expanded={historyOpen}>
        <Stack mt="sm" gap={4}>
          {historyOpen && <AlertHistory alert={alert} />}
        </Stack>
      </Collapse>
      <AlertDialog opened={editing} onClose={edit.close} symbol={alert.symbol} alert={alert} />
    </Paper>
  );
}

const describe = (alert: Alert) => describeCondition(alert.condition, alert.level, 'USD');
