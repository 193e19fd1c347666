import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { DirectMessage } from '../../../shared/social/types';
import { withMessage, type ConversationData } from './conversationCache';

/** Messages of one conversation that arrived live or were sent from this page, kept apart from its loaded pages. */
export const liveMessagesKey = (friendId: string): QueryKey => ['social', 'liveMessages', friendId];

/**
 * Puts a message (sent or received live) into its conversation. Besides the loaded pages, it is kept in a list of
 * its own that no page load replaces: a load that read the database just before the message was stored, or a
 * conversation opened a moment before its first page arrived, would otherwise show the conversation without it.
 * useConversation shows the union of both, each message once.
 */
export function addToConversation(
  queryClient: QueryClient,
  conversationKey: QueryKey,
  friendId: string,
  message: DirectMessage,
): void {
  queryClient.setQueryData<ConversationData>(conversationKey, (data) => (data ? withMessage(data, message) : data));
  queryClient.setQueryData<DirectMessage[]>(liveMessagesKey(friendId), (list = []) =>
    list.some((m) => m.id === message.id) ? list : [...list, message],
  );
}
