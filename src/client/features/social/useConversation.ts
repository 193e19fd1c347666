import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import type { DirectMessage, InsightMetadata, MessageType } from '../../../shared/social/types';
import { errorBodyOf } from '../../lib/errors';
import { failureToast } from '../../lib/offline';
import { toast } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { addToConversation, liveMessagesKey } from './addToConversation';
import { flattenConversation, withFriendMessage, withLiveMessages } from './conversationCache';

/** A message on its way: shown at once, replaced by the server's message, removed if sending fails. */
export interface PendingMessage extends DirectMessage {
  pending: true;
}

let temporaryId = 0;

/**
 * One conversation: its pages (newest first, older ones on demand), the messages being sent, and sending with an
 * optimistic entry (SPEC section 4: added at once, replaced by the server message, removed on failure with
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
  const live = useQuery({ queryKey: liveMessagesKey(friendId), queryFn: () => [] as DirectMessage[], initialData: [], staleTime: Infinity });

  const send = useCallback(
    async (content: string, messageType: MessageType = 'text', metadata: InsightMetadata | null = null): Promise<boolean> => {
      const temp: PendingMessage = {
        id: -++temporaryId,
        senderId: me.id,
        receiverId: friendId,
        content,
        messageType,
        metadata,
        createdAt: new Date().toISOString(),
        readAt: null,
        sender: { firstName: me.firstName },
        pending: true,
      };
      setSending((list) => [...list, temp]);
      try {
        const message = await client.social.sendMessage.mutate({ receiverId: friendId, content, messageType, ...(metadata ? { metadata } : {}) });
        addToConversation(queryClient, key, friendId, message);
        queryClient.setQueryData(trpc.social.friends.queryKey(), (friends) => (friends ? withFriendMessage(friends, me.id, message, false) : friends));
        return true;
      } catch (error) {
        void toast(failureToast(error, { title: M.sendFailed, description: errorBodyOf(error).message || M.sendFailedFallback, variant: 'destructive' }));
        return false;
      } finally {
        setSending((list) => list.filter((m) => m.id !== temp.id));
      }
    },
    [client, friendId, key, me.firstName, me.id, queryClient, trpc],
  );

  const messages: Array<DirectMessage | PendingMessage> = [...withLiveMessages(flattenConversation(query.data), live.data), ...sending];
  return { query, messages, send };
}
