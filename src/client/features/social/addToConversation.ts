import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { DirectMessage } from '../../../shared/social/types';
import { withMessage, type ConversationData } from './conversationCache';

/**
 * Puts a message (sent or received live) into its cached conversation. A load of that conversation still in
 * flight may have read the database before the message existed, and its answer would replace the cache without
 * it; so that load is restarted. Also covers a conversation opened a moment ago whose first page has not arrived.
 */
export function addToConversation(queryClient: QueryClient, key: QueryKey, message: DirectMessage): void {
  const loading = queryClient.getQueryState(key)?.fetchStatus === 'fetching';
  queryClient.setQueryData<ConversationData>(key, (data) => (data ? withMessage(data, message) : data));
  if (loading) void queryClient.invalidateQueries({ queryKey: key, exact: true });
}
