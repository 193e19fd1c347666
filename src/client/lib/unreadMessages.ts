import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc';

/** Unread direct messages across all friends: the friend list carries each conversation's unread count. */
export function countUnread(friends: readonly { unreadCount: number }[]): number {
  return friends.reduce((sum, friend) => sum + friend.unreadCount, 0);
}

/**
 * The unread count the header's Social link shows on every page: read from the friend list's query, which the
 * signed-in app's message feed (features/social/SocialFeed.tsx) loads and keeps current with each message and each
 * read. Reading it here fetches nothing (0 until the feed has loaded it, and after sign-out).
 */
export function useUnreadMessages(): number {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.social.friends.queryOptions(undefined, { enabled: false, select: countUnread }));
  return data ?? 0;
}
