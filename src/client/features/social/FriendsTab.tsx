import { Badge, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFilter, IconMessage, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import type { Friend } from '../../../shared/social/types';
import { AddFriendSearch } from './AddFriendSearch';
import { BlockedPeople } from './BlockedPeople';
import { EmptyState } from './EmptyState';
import { EndFriendshipDialog, type EndFriendshipKind } from './EndFriendshipDialog';
import { FriendMenu } from './FriendMenu';
import { matchesFilter } from './friendFilter';
import { PersonSummary } from './PersonSummary';
import { LoadFailed } from '../../components/LoadFailed';

interface Props {
  friends: Friend[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onAdd: (handle: string) => void;
  adding: boolean;
  onMessage: (friendId: string) => void;
  /** Ends the friendship (after the dialog's confirmation); resolves once the server answered. */
  onEnd: (kind: EndFriendshipKind, friendId: string) => Promise<unknown>;
  ending: boolean;
}

/** Friends tab (product.md §2): add a friend through the search, the friend list with a filter, Message buttons, and a menu per friend to unfriend or block. */
export function FriendsTab({ friends, loading, failed, onRetry, onAdd, adding, onMessage, onEnd, ending }: Props) {
  const [filter, setFilter] = useState('');
  const [confirming, setConfirming] = useState<{ kind: EndFriendshipKind; friend: Friend } | null>(null);
  const shown = friends?.filter((f) => matchesFilter(f, filter)) ?? [];
  return (
    <Stack gap="lg">
      <AddFriendSearch onAdd={onAdd} adding={adding} onMessage={onMessage} />
      <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={2} fz="lg">
              Your friends
            </Title>
            {friends && friends.length > 0 && (
              <TextInput
                aria-label="Filter friends by name, email or username"
                placeholder="Filter by name, email or username"
                leftSection={<IconFilter size={16} aria-hidden />}
                value={filter}
                onChange={(e) => setFilter(e.currentTarget.value)}
                w={{ base: '100%', sm: 300 }}
                data-testid="friend-filter"
              />
            )}
          </Group>
          {loading && <FriendSkeletons />}
          {failed && <LoadFailed what="your friends" onRetry={onRetry} />}
          {friends && friends.length === 0 && (
            <EmptyState
              icon={<IconUsers size={22} />}
              title="No friends yet"
              hint="Search for people above and send them a friend request."
              testId="no-friends"
            />
          )}
          {friends && friends.length > 0 && shown.length === 0 && (
            <Text size="sm" c="dimmed">
              No friends match “{filter.trim()}”.
            </Text>
          )}
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Friends">
            {shown.map((friend) => (
              <Group
                component="li"
                key={friend.id}
                justify="space-between"
                wrap="wrap"
                gap="sm"
                py={6}
                data-testid="friend-row"
              >
                <PersonSummary
                  person={friend}
                  name={friend.displayName}
                  detail={`@${friend.username} · ${friend.email}`}
                />
                <Group gap="xs" wrap="nowrap" ml="auto">
                  {friend.unreadCount > 0 && (
                    <Badge color="red" variant="filled" aria-label={`${friend.unreadCount} unread`}>
                      {friend.unreadCount}
                    </Badge>
                  )}
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconMessage size={14} aria-hidden />}
                    onClick={() => onMessage(friend.id)}
                    aria-label={`Message ${friend.displayName}`}
                  >
                    Message
                  </Button>
                  <FriendMenu name={friend.displayName} onChoose={(kind) => setConfirming({ kind, friend })} />
                </Group>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Card>
      <BlockedPeople />
      <EndFriendshipDialog
        target={confirming && { kind: confirming.kind, name: confirming.friend.displayName }}
        pending={ending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          confirming && void onEnd(confirming.kind, confirming.friend.id).finally(() => setConfirming(null))
        }
      />
    </Stack>
  );
}

function FriendSkeletons() {
  return (
    <Stack gap="sm" aria-busy="true" role="status" aria-label="Loading friends">
      {[0, 1, 2].map((i) => (
        <Group key={i} gap="sm">
          <Skeleton circle height={38} />
          <Skeleton height={14} width="40%" />
        </Group>
      ))}
    </Stack>
  );
}
