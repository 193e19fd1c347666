import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../../lib/trpc';
import { countUnread } from '../../lib/unreadMessages';
import { setTitleCount } from '../../lib/usePageTitle';
import { updateFeedState, useFeedState } from './feedState';
import { useIncomingEvents } from './useIncomingEvents';
import { useSocialFeed } from './useSocialFeed';

/**
 * The signed-in app's message feed, on every page (components/SignedInRealtime.tsx mounts it): live messages join
 * their conversations wherever the person is, and the unread count (the friend list's, kept current by each
 * message and by reading) goes to the tab's title; the header's Social link reads the same list (lib/unreadMessages.ts).
 */
export default function SocialFeed({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const { openConversationId } = useFeedState();
  const events = useIncomingEvents(userId, openConversationId);
  const feed = useSocialFeed(userId, events);
  const friends = useQuery(trpc.social.friends.queryOptions());
  const unread = friends.data ? countUnread(friends.data) : 0;

  useEffect(() => updateFeedState({ status: feed.status, reconnect: feed.reconnect }), [feed.status, feed.reconnect]);
  useEffect(() => setTitleCount(unread), [unread]);
  useEffect(() => () => setTitleCount(0), []);
  return null;
}
