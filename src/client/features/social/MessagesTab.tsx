import { Badge, Card, Grid, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMessages, IconUsers } from '@tabler/icons-react';
import type { Friend } from '../../../shared/social/types';
import { ConversationPanel } from './ConversationPanel';
import { EmptyState } from './EmptyState';
import { PersonAvatar } from './PersonAvatar';
import { LoadFailed } from '../../components/LoadFailed';
import classes from './Social.module.css';

interface Props {
  me: { id: string; firstName: string };
  friends: Friend[] | undefined;
  failed: boolean;
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (friendId: string | null) => void;
}

/**
 * Messages tab (product.md §2): the friends with their unread counts and last message, and the conversation with
 * the one selected. Phones show one of the two at a time.
 */
export function MessagesTab({ me, friends, failed, onRetry, selectedId, onSelect }: Props) {
  const selected = friends?.find((f) => f.id === selectedId) ?? null;
  if (failed) return <LoadFailed what="your conversations" onRetry={onRetry} />;
  if (friends && friends.length === 0) {
    return (
      <Card withBorder radius="lg">
        <EmptyState
          icon={<IconUsers size={22} />}
          title="No friends yet"
          hint="Add a friend on the Friends tab to start a conversation."
        />
      </Card>
    );
  }
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 4 }} display={{ base: selected ? 'none' : 'block', sm: 'block' }}>
        <Card withBorder radius="lg" padding="xs">
          <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Conversations">
            {friends?.map((friend) => (
              <li key={friend.id}>
                <UnstyledButton
                  className={classes.friendButton}
                  data-active={friend.id === selectedId || undefined}
                  aria-current={friend.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(friend.id)}
                  data-testid="conversation-friend"
                >
                  <Group gap="sm" wrap="nowrap">
                    <PersonAvatar person={friend} size="sm" />
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Text size="sm" fw={600} truncate>
                        {friend.displayName}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {friend.lastMessage
                          ? `${friend.lastMessage.fromMe ? 'You: ' : ''}${friend.lastMessage.messageType === 'insight' ? 'AI insight' : friend.lastMessage.content}`
                          : 'No messages yet'}
                      </Text>
                    </div>
                    {friend.unreadCount > 0 && (
                      <Badge
                        color="red"
                        variant="filled"
                        size="sm"
                        aria-label={`${friend.unreadCount} unread`}
                        data-testid="unread-badge"
                      >
                        {friend.unreadCount}
                      </Badge>
                    )}
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }} display={{ base: selected ? 'block' : 'none', sm: 'block' }}>
        {selected ? (
          <ConversationPanel key={selected.id} me={me} friend={selected} onBack={() => onSelect(null)} />
        ) : (
          <Card withBorder radius="lg">
            <EmptyState
              icon={<IconMessages size={22} />}
              title="Select a friend to start chatting"
              testId="no-conversation"
            />
          </Card>
        )}
      </Grid.Col>
    </Grid>
  );
}
