import { Button, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { AppNotification } from '../../../shared/notifications/types';
import { LoadFailed } from '../../components/LoadFailed';
import classes from './Notifications.module.css';
import { unreadOf, useNotificationActions, useNotificationPages } from './useNotifications';

const WHEN = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * The notification centre's list (issue 30 §3): newest first, older pages on demand, unread ones marked; a click
 * marks one read and opens its link; "Mark all as read".
 */
export function NotificationList({ onOpen }: { onOpen: () => void }) {
  const pages = useNotificationPages();
  const { markRead, markAllRead } = useNotificationActions();
  const navigate = useNavigate();
  const unread = unreadOf(pages.data);
  const items = pages.data?.pages.flatMap((p) => p.notifications) ?? [];

  const open = (n: AppNotification) => {
    if (!n.readAt) markRead.mutate({ ids: [n.id] });
    if (n.link) {
      onOpen();
      void navigate({ to: n.link });
    }
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text fw={700} size="sm" component="h2" m={0}>
          Notifications
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={unread === 0}
          loading={markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          Mark all as read
        </Button>
      </Group>
      {pages.isPending && (
        <Stack gap={6} role="status" aria-busy="true" aria-label="Loading notifications">
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      )}
      {pages.isError && !pages.data && <LoadFailed what="your notifications" onRetry={() => void pages.refetch()} />}
      {pages.data && items.length === 0 && (
        <Text size="sm" c="dimmed" py="md" ta="center">
          No notifications yet. Alerts and news for you will show here.
        </Text>
      )}
      {items.length > 0 && (
        <ul className={classes.list} aria-label="Notifications, newest first">
          {items.map((n) => (
            <li key={n.id}>
              <UnstyledButton
                className={classes.item}
                data-unread={!n.readAt || undefined}
                data-testid="notification-item"
                onClick={() => open(n)}
              >
                <Group gap={8} wrap="nowrap" align="flex-start">
                  <span className={classes.dot} aria-hidden />
                  <div className={classes.text}>
                    <Text size="sm" fw={n.readAt ? 500 : 700}>
                      {n.readAt ? '' : <span className={classes.srOnly}>Unread: </span>}
                      {n.title}
                    </Text>
                    {n.body && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {n.body}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {WHEN.format(new Date(n.createdAt))}
                    </Text>
                  </div>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <Button
          size="xs"
          variant="default"
          loading={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          Load older
        </Button>
      )}
    </Stack>
  );
}
