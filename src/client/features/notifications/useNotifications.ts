import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AppNotification } from '../../../shared/notifications/types';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

type Pages = NonNullable<ReturnType<typeof useNotificationPages>['data']>;

/**
 * The notification centre's pages, newest first (20 a page, `nextCursor` the oldest id of a page). The first page
 * carries the unread count the bell shows; the live feed (NotificationFeed.tsx) keeps both current.
 */
export function useNotificationPages() {
  const trpc = useTRPC();
  return useInfiniteQuery(
    trpc.notifications.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
}

/** The unread count of the notification centre, 0 until it has loaded. */
export function unreadOf(data: Pages | undefined): number {
  return data?.pages[0]?.unreadCount ?? 0;
}

/** Writes to the cached pages: a new notification on top, a count from elsewhere, rows read here. */
export function useNotificationCache() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // One key object for the hook's life: the feed's clean-up on sign-out depends on it.
  const key = useMemo(() => trpc.notifications.list.infiniteQueryKey({}), [trpc]);
  const update = (change: (pages: Pages) => Pages) => queryClient.setQueryData(key, (old) => (old ? change(old) : old));
  return {
    key,
    add: (notification: AppNotification) =>
      update((old) => {
        const [first, ...rest] = old.pages;
        // A reconnect may replay one already shown.
        if (first.notifications.some((n) => n.id === notification.id)) return old;
        return {
          ...old,
          pages: [
            {
              ...first,
              notifications: [notification, ...first.notifications],
              unreadCount: first.unreadCount + (notification.readAt ? 0 : 1),
            },
            ...rest,
          ],
        };
      }),
    setUnread: (unreadCount: number) =>
      update((old) => ({ ...old, pages: old.pages.map((p, i) => (i === 0 ? { ...p, unreadCount } : p)) })),
    markShownRead: (ids: readonly number[] | 'all', unreadCount: number) => {
      const readAt = new Date().toISOString();
      update((old) => ({
        ...old,
        pages: old.pages.map((p, i) => ({
          ...p,
          unreadCount: i === 0 ? unreadCount : p.unreadCount,
          notifications: p.notifications.map((n) =>
            !n.readAt && (ids === 'all' || ids.includes(n.id)) ? { ...n, readAt } : n,
          ),
        })),
      }));
    },
  };
}

export function useNotificationActions() {
  const trpc = useTRPC();
  const cache = useNotificationCache();
  const failed = (error: unknown) =>
    void toast({ title: 'Could not mark as read', description: errorBodyOf(error).message, variant: 'destructive' });
  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: (answer, input) => cache.markShownRead(input.ids as number[], answer.unreadCount),
      onError: failed,
    }),
  );
  const markAllRead = useMutation(
    trpc.notifications.markAllRead.mutationOptions({
      onSuccess: (answer) => cache.markShownRead('all', answer.unreadCount),
      onError: failed,
    }),
  );
  return { markRead, markAllRead };
}
