import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect } from 'react';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useNotificationCache, useNotificationPages } from './useNotifications';

/**
 * The signed-in app's notification feed, on every page (components/SignedInRealtime.tsx mounts it): each new
 * notification is a toast and joins the centre's list with the bell's count; marks read on another tab or device move
 * the count. Over `notifications.live` (tracked: after a lost connection, the missed ones arrive once, in order).
 */
export default function NotificationFeed() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cache = useNotificationCache();
  // The first page holds the count the bell shows; the feed keeps it loaded for every page.
  useNotificationPages();
  useSubscription(
    trpc.notifications.live.subscriptionOptions(undefined, {
      onData: ({ data: event }) => {
        if (event.type === 'read') {
          cache.setUnread(event.unreadCount);
          // Which rows were read is not said: the list is read again when next opened.
          void queryClient.invalidateQueries({ queryKey: cache.key, refetchType: 'none' });
          return;
        }
        cache.add(event.notification);
        void toast({ title: event.notification.title, description: event.notification.body || undefined });
      },
    }),
  );
  // Signed out: nothing of the centre stays cached for the next person on this browser.
  useEffect(() => () => queryClient.removeQueries({ queryKey: cache.key }), [queryClient, cache.key]);
  return null;
}
