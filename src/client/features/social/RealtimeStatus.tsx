import { Badge, Button, Group, Loader, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { FeedStatus } from './useSocialFeed';

/** product.md §2: 'Real-time messaging active' while the socket is connected; otherwise what it is doing about it. */
export function RealtimeStatus({ status, onReconnect }: { status: FeedStatus; onReconnect: () => void }) {
  return (
    <Group gap="xs" role="status" aria-live="polite" data-testid="realtime-status" data-state={status.kind}>
      {status.kind === 'connected' && (
        <Badge variant="dot" color="green" size="lg" tt="none" fw={500}>
          Real-time messaging active
        </Badge>
      )}
      {status.kind === 'connecting' && (
        <Group gap={6}>
          <Loader size={14} />
          <Text size="sm" c="dimmed">
            Connecting to real-time messaging…
          </Text>
        </Group>
      )}
      {status.kind === 'reconnecting' && (
        <Group gap={6}>
          <Loader size={14} color="orange" />
          <Text size="sm" c="dimmed">
            Connection lost. Reconnecting (attempt {status.attempt})…
          </Text>
        </Group>
      )}
      {status.kind === 'offline' && (
        <>
          <Badge variant="dot" color="gray" size="lg" tt="none" fw={500}>
            Real-time messaging unavailable
          </Badge>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onReconnect}
          >
            Reconnect
          </Button>
        </>
      )}
    </Group>
  );
}
