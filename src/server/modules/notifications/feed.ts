import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { NotificationEvent } from '../../../shared/notifications/types';
import type { AppDeps } from '../../depsTypes';
import { newestNotificationId, notificationsAfter, toNotification, unreadCount } from './rows';

/**
 * The `notifications.live` stream for one user, as the social feed does it (modules/social/messageFeed.ts): every
 * notification after `lastEventId`, in id order, each exactly once, as tracked events (id = notification id), then
 * live ones as they are stored; and a 'read' event with the new unread count when some were marked read elsewhere.
 *
 * The wake-up listener is registered before the first read, so a notification stored between the read and the wait
 * still wakes the loop; every read asks for ids above the last one delivered, so duplicate or merged wake-ups (the
 * shared bus across instances) yield nothing twice. `after` is where it starts (notificationFeedStart).
 */
export async function* notificationFeed(
  deps: Pick<AppDeps, 'db' | 'notifications'>,
  userId: string,
  after: number,
  signal: AbortSignal,
): AsyncGenerator<TrackedEnvelope<NotificationEvent>> {
  const wakeup = deps.notifications.wakeups.listen(userId);
  try {
    while (!signal.aborted) {
      const woken = wakeup.take();
      for (;;) {
        const page = await notificationsAfter(deps.db, { key: userId, afterId: after });
        for (const row of page.rows) {
          if (row.id <= after || signal.aborted) continue;
          after = row.id;
          yield tracked(String(row.id), { type: 'notification', notification: toNotification(row) });
        }
        if (page.complete || signal.aborted) break;
      }
      if (woken.has('notifications.read')) {
        yield tracked(String(after), { type: 'read', unreadCount: await unreadCount(deps.db, userId) });
      }
      await wakeup.next(signal);
    }
  } finally {
    wakeup.close();
  }
}

/**
 * Where a subscription starts: after the last event the client saw, or, fresh, after the newest notification. Read
 * before the subscription is acknowledged (the procedure awaits it; tRPC sends "started" only then): read inside the
 * stream, it came after "started", so a notification stored in between (the client acting on "started", or another
 * instance) was taken as older than the subscription and never delivered.
 */
export async function notificationFeedStart(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  lastEventId: string | null | undefined,
): Promise<number> {
  return lastEventId ? Number(lastEventId) : newestNotificationId(deps.db, userId);
}
