import { Button, Card, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconCheck, IconInbox, IconX } from '@tabler/icons-react';
import type { PendingFriendRequest } from '../../../shared/social/types';
import { EmptyState } from './EmptyState';
import { PersonSummary } from './PersonSummary';
import { LoadFailed } from '../../components/LoadFailed';

interface Props {
  requests: PendingFriendRequest[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onAccept: (id: string) => void;
  onReject: (id: string) => void;
  /** The request being answered, whose buttons wait. */
  busyId: string | null;
}

const dateFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Requests tab (product.md §2): incoming requests with the sender's name and email, Accept / Reject. */
export function RequestsTab({ requests, loading, failed, onRetry, onAccept, onReject, busyId }: Props) {
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Friend requests
        </Title>
        {loading && <Skeleton height={48} />}
        {failed && <LoadFailed what="your friend requests" onRetry={onRetry} />}
        {requests && requests.length === 0 && (
          <EmptyState
            icon={<IconInbox size={22} />}
            title="No pending requests"
            hint="When someone asks to be your friend, it shows up here."
            testId="no-requests"
          />
        )}
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pending friend requests">
          {requests?.map((request) => {
            const { sender } = request;
            return (
              <Group
                component="li"
                key={request.id}
                justify="space-between"
                wrap="wrap"
                gap="sm"
                py={6}
                data-testid="request-row"
              >
                <PersonSummary
                  person={sender}
                  name={`${sender.firstName} ${sender.lastName}`}
                  detail={`${sender.email} · ${dateFormat.format(new Date(request.createdAt))}`}
                />
                <Group gap="xs" wrap="nowrap" ml="auto">
                  <Button
                    size="xs"
                    leftSection={<IconCheck size={14} aria-hidden />}
                    loading={busyId === request.id}
                    onClick={() => onAccept(request.id)}
                    aria-label={`Accept friend request from ${sender.firstName} ${sender.lastName}`}
                  >
                    Accept
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconX size={14} aria-hidden />}
                    disabled={busyId === request.id}
                    onClick={() => onReject(request.id)}
                    aria-label={`Reject friend request from ${sender.firstName} ${sender.lastName}`}
                  >
                    Reject
                  </Button>
                </Group>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}
