import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import type { DirectMessage, SocialEvent } from '../../../shared/social/types';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { addToConversation } from './addToConversation';
import { withFriendMessage } from './conversationCache';

/** How long after the last live message the friend list is reloaded, so the server's counts settle any race. */
const SETTLE_MS = 1_500;

/**
 * What the app does with each live event (product.md §4), on any page: a message joins its conversation; one from
 * a friend shows a 'New message' toast and counts as unread unless its conversation is open on screen, where it is
 * marked read instead. A 'friends' event reloads the friend and request lists.
 */
export function useIncomingEvents(me: string | null, openConversationId: string | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate: markRead } = useMutation(trpc.social.markRead.mutationOptions());
  const open = useRef(openConversationId);
  // The latest value for callbacks that outlive a render; set after commit, since refs are not written during render.
  useLayoutEffect(() => {
    open.current = openConversationId;
  });
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(settle.current ?? undefined), []);

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.social.friends.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.social.pendingRequests.queryKey() });
  }, [queryClient, trpc]);

  const onMessage = useCallback(
    (message: DirectMessage) => {
      if (!me) return;
      const friendId = message.senderId === me ? message.receiverId : message.senderId;
      addToConversation(queryClient, trpc.social.conversation.infiniteQueryKey({ friendId }), friendId, message);
      const incoming = message.senderId !== me;
      const readNow = incoming && open.current === friendId && document.visibilityState === 'visible';
      queryClient.setQueryData(trpc.social.friends.queryKey(), (friends) =>
        friends ? withFriendMessage(friends, me, message, incoming && !readNow) : friends,
      );
      if (readNow) markRead({ friendId, upToId: message.id });
      else if (incoming) {
        // The conversation on screen shows the message itself: a toast would only cover what is being read.
        const preview = message.messageType === 'insight' ? 'shared an AI insight' : message.content;
        void toast({
          title: M.newMessage,
          description: `${message.sender.firstName}: ${preview.length > 80 ? `${preview.slice(0, 79)}…` : preview}`,
        });
      }
      clearTimeout(settle.current ?? undefined);
      settle.current = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: trpc.social.friends.queryKey() }),
        SETTLE_MS,
      );
    },
    [me, markRead, queryClient, trpc],
  );

  // The feed's event names (typed by SocialEvent: a renamed event fails the typecheck here), in this one place.
  const onEvent = useCallback(
    (event: SocialEvent) => {
      switch (event.type) {
        case 'friends':
          return refreshLists();
        case 'new_message':
          return onMessage(event.message);
      }
    },
    [onMessage, refreshLists],
  );

  /** After the feed (re)starts, what it did not carry is reloaded from the server. */
  const onStarted = useCallback(() => {
    refreshLists();
    void queryClient.invalidateQueries({ queryKey: trpc.social.conversation.infiniteQueryKey() });
  }, [queryClient, refreshLists, trpc]);

  return { onEvent, onStarted };
}
