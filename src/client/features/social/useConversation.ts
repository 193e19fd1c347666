import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import type { DirectMessage, InsightMetadata } from '../../../shared/social/types';
import { errorBodyOf } from '../../lib/errors';
import { failureToast } from '../../lib/offline';
import { toast } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { addToConversation, liveMessagesKey } from './addToConversation';
import { flattenConversation, withFriendMessage, withLiveMessages } from './conversationCache';

/**
 * What the screen sends: typed text, or an insight named by the stored agent answer it is made from (the server
 * builds its text and sources; `preview` is only what the optimistic entry shows meanwhile).
 */
export type OutgoingMessage =
  | { messageType: 'text'; content: string }
  | { messageType: 'insight'; agentMessageId: number; preview: { content: string; metadata: InsightMetadata } };

/** A message on its way: shown at once, replaced by the server's message, removed if sending fails. */
export interface PendingMessage extends DirectMessage {
  pending: true;
}

let temporaryId = 0;

/**
 * One conversation: its pages (newest first, older ones on demand), the messages being sent, and sending with an
 * optimistic entry (product.md §4: added at once, replaced by the server message, removed on failure with
 * 'Failed to send message').
 */
export function useConversation(me: { id: string; firstName: string }, friendId: string) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<PendingMessage[]>([]);
  const query = useInfiniteQuery(
    trpc.social.conversation.infiniteQueryOptions(
      { friendId },
      { getNextPageParam: (page) => page.nextCursor ?? undefined, staleTime: 0 },
    ),
  );
  const key = trpc.social.conversation.infiniteQueryKey({ friendId });
  // Filled by addToConversation only: nothing to fetch.
  const live = useQuery({
    queryKey: liveMessagesKey(friendId),
    queryFn: () => [] as DirectMessage[],
    initialData: [],
    staleTime: Infinity,
  });

  const send = useCallback(
    async (outgoing: OutgoingMessage): Promise<boolean> => {
      const shown = outgoing.messageType === 'text' ? { content: outgoing.content, metadata: null } : outgoing.preview;
      const temp: PendingMessage = {
        id: -++temporaryId,
        senderId: me.id,
        receiverId: friendId,
        ...shown,
        messageType: outgoing.messageType,
        createdAt: new Date().toISOString(),
        readAt: null,
        sender: { firstName: me.firstName },
        pending: true,
      };
      setSending((list) => [...list, temp]);
      try {
        const message = await client.social.sendMessage.mutate(
          outgoing.messageType === 'text'
            ? { receiverId: friendId, messageType: 'text', content: outgoing.content }
            : { receiverId: friendId, messageType: 'insight', agentMessageId: outgoing.agentMessageId },
        );
        addToConversation(queryClient, key, friendId, message);
        queryClient.setQueryData(trpc.social.friends.queryKey(), (friends) =>
          friends ? withFriendMessage(friends, me.id, message, false) : friends,
        );
        return true;
      } catch (error) {
        void toast(
          failureToast(error, {
            title: M.sendFailed,
            description: errorBodyOf(error).message || M.sendFailedFallback,
            variant: 'destructive',
          }),
        );
        return false;
      } finally {
        setSending((list) => list.filter((m) => m.id !== temp.id));
      }
    },
    [client, friendId, key, me.firstName, me.id, queryClient, trpc],
  );

  const messages: Array<DirectMessage | PendingMessage> = [
    ...withLiveMessages(flattenConversation(query.data), live.data),
    ...sending,
  ];
  return { query, messages, send };
}
