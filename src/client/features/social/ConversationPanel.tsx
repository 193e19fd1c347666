import { ActionIcon, Button, Card, Center, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMessageCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { formatResetsIn, USAGE_FEATURES } from '../../../shared/limits';
import type { Friend } from '../../../shared/social/types';
import { UsageLimitPopup } from '../../components/UsageLimitPopup';
import { useTRPC } from '../../lib/trpc';
import { withFriendRead } from './conversationCache';
import { EmptyState } from './EmptyState';
import { MessageBubble } from './MessageBubble';
import { MessageComposer } from './MessageComposer';
import { PersonAvatar } from './PersonAvatar';
import { LoadFailed } from '../../components/LoadFailed';
import classes from './Social.module.css';
import { useConversation } from './useConversation';
import { useShareInsight } from './useShareInsight';
import { retryableLazy } from '../../components/retryableLazy';
import { useNow } from '../../lib/useNow';

const InsightDialog = retryableLazy(() => import('./InsightDialog'));

interface Props {
  me: { id: string; firstName: string };
  friend: Friend;
  /** Phones show the list or the conversation: back to the list. */
  onBack: () => void;
}

/** The conversation with one friend: older pages on demand, messages, composer, and the AI insight dialog. */
export function ConversationPanel({ me, friend, onBack }: Props) {
  const now = useNow();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { query, messages, send } = useConversation(me, friend.id);
  const { generateAndShare, generating, limit, clearLimit } = useShareInsight(send);
  const [insightOpen, setInsightOpen] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const composer = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;

  // Reading the newest page marked this friend's messages read on the server: the counts follow.
  useEffect(() => {
    if (query.isSuccess)
      queryClient.setQueryData(trpc.social.friends.queryKey(), (friends) =>
        friends ? withFriendRead(friends, friend.id) : friends,
      );
  }, [query.isSuccess, query.dataUpdatedAt, friend.id, queryClient, trpc]);

  // Messages that arrived while the page was hidden count as unread; coming back to the open conversation reads them.
  const { mutate: markRead } = useMutation(trpc.social.markRead.mutationOptions());
  const unread = friend.unreadCount;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || unread === 0) return;
      markRead({ friendId: friend.id });
      queryClient.setQueryData(trpc.social.friends.queryKey(), (friends) =>
        friends ? withFriendRead(friends, friend.id) : friends,
      );
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [unread, friend.id, markRead, queryClient, trpc]);

  // Opening a conversation brings its composer into view: on a phone it sat below the fold, under the page's header,
  // tabs and the conversation's own header.
  useEffect(() => {
    composer.current?.scrollIntoView({ block: 'nearest' });
  }, [friend.id]);

  // A new message at the bottom (sent or received) scrolls into view; loading older pages does not.
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTo({ top: el.scrollHeight });
  }, [newestId]);

  return (
    <Card withBorder radius="lg" padding={0} data-testid="conversation">
      <Group gap="sm" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <ActionIcon variant="subtle" hiddenFrom="sm" aria-label="Back to conversations" onClick={onBack}>
          <IconArrowLeft size={18} aria-hidden />
        </ActionIcon>
        <PersonAvatar person={friend} size="sm" />
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate component="h2" fz="md" m={0}>
            {friend.displayName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            @{friend.username}
          </Text>
        </div>
      </Group>

      <ScrollArea
        className={classes.messages}
        viewportRef={viewport}
        // Keyboard users scroll the conversation with the arrow keys once it has focus.
        viewportProps={{ tabIndex: 0 }}
        type="auto"
        offsetScrollbars
      >
        <Stack gap="sm" p="sm" aria-live="polite" aria-label={`Conversation with ${friend.displayName}`} role="log">
          {query.hasNextPage && (
            <Center>
              <Button
                size="compact-sm"
                variant="subtle"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                Load older messages
              </Button>
            </Center>
          )}
          {query.isPending && (
            <Center py="xl">
              <Loader size="sm" role="status" aria-label="Loading messages" />
            </Center>
          )}
          {query.isLoadingError && <LoadFailed what="this conversation" onRetry={() => void query.refetch()} />}
          {query.isSuccess && messages.length === 0 && (
            <EmptyState
              icon={<IconMessageCircle size={22} />}
              title="No messages yet"
              hint={`Say hello to ${friend.firstName}, or share an AI insight.`}
            />
          )}
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} me={me.id} />
          ))}
        </Stack>
      </ScrollArea>

      <div
        ref={composer}
        style={{ borderTop: '1px solid var(--mantine-color-default-border)', padding: 'var(--mantine-spacing-sm)' }}
      >
        <MessageComposer
          friendName={friend.firstName}
          onSend={(text) => send({ messageType: 'text', content: text })}
          onInsight={() => setInsightOpen(true)}
        />
      </div>

      {insightOpen && (
        <Suspense fallback={null}>
          <InsightDialog
            opened={insightOpen}
            friendName={friend.firstName}
            pending={generating}
            onClose={() => setInsightOpen(false)}
            onGenerate={async (question) => {
              const shared = await generateAndShare(question);
              if (shared) setInsightOpen(false);
              return shared;
            }}
          />
        </Suspense>
      )}
      {limit && (
        <UsageLimitPopup
          opened
          onClose={clearLimit}
          used={limit.used}
          limit={limit.limit}
          unit={USAGE_FEATURES[limit.feature].unit}
          resetsIn={limit.resetsAt ? formatResetsIn(limit.resetsAt, now) : undefined}
        />
      )}
    </Card>
  );
}
