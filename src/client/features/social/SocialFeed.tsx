import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../../lib/trpc';
import { setUnreadMessages } from '../../lib/unreadMessages';
import { updateFeedState, useFeedState } from './feedState';
import { useIncomingEvents } from './useIncomingEvents';
import { useSocialFeed } from './useSocialFeed';

/**
 * The signed-in app's message feed, on every page (components/SignedInRealtime.tsx mounts it): live messages join
 * their conversations wherever the person is, and the unread count (the friend list's, kept current by each
 * message and by reading) goes to the header's Social link and the tab's title.
 */
export default function SocialFeed({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const { openConversationId } = useFeedState();
  const events = useIncomingEvents(userId, openConversationId);
  const feed = useSocialFeed(userId, events);
  const friends = useQuery(trpc.social.friends.queryOptions());
  const unread = friends.data?.reduce((sum, friend) => sum + friend.unreadCount, 0) ?? 0;

  useEffect(() => updateFeedState({ status: feed.status, reconnect: feed.reconnect }), [feed.status, feed.reconnect]);
  useEffect(() => setUnreadMessages(unread), [unread]);
  useEffect(() => () => setUnreadMessages(0), []);
  return null;
}
