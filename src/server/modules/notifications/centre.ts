import { NOTIFICATION_PAGE_SIZE } from '../../../shared/notifications/limits';
import type { AppNotification, NotificationPage } from '../../../shared/notifications/types';
import type { AppDeps } from '../../depsTypes';
import { appError } from '../../errors/appError';
import { notify } from './notify';
import { markRead, notificationPage, toNotification, unreadCount } from './rows';

/** The notification centre's reads and writes: GET /api/notifications, POST /api/notifications/read. */

export async function listNotifications(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { cursor?: number; limit?: number } = {},
): Promise<NotificationPage> {
  const limit = input.limit ?? NOTIFICATION_PAGE_SIZE;
  // One row more than asked tells whether an older page exists.
  const [rows, unread] = await Promise.all([
    notificationPage(deps.db, userId, limit + 1, input.cursor),
    unreadCount(deps.db, userId),
  ]);
  const page = rows.slice(0, limit);
  return {
    notifications: page.map(toNotification),
    nextCursor: rows.length > limit ? page[page.length - 1].id : null,
    unreadCount: unread,
  };
}

/** Marks the user's own notifications read (ids of others' are ignored) and tells their other tabs and devices. */
export async function markNotificationsRead(
  deps: Pick<AppDeps, 'db' | 'now' | 'bus'>,
  userId: string,
  ids: readonly number[] | 'all',
): Promise<{ updated: number; unreadCount: number }> {
  const updated = await markRead(deps.db, userId, ids, deps.now());
  if (updated > 0) deps.bus.publish('notifications.read', { userId });
  return { updated, unreadCount: await unreadCount(deps.db, userId) };
}

/**
 * POST /api/notifications/test: a notification to the user themselves on their chosen channels, so they can see that
 * push and e-mail reach them (the settings' "Send a test" button).
 */
export async function sendTestNotification(
  deps: Parameters<typeof notify>[0],
  userId: string,
): Promise<AppNotification> {
  if (!(await deps.notifications.testBudget.take(userId))) {
    throw appError('TOO_MANY_REQUESTS', 'You sent several test notifications just now. Try again in a few minutes.');
  }
  return notify(deps, userId, {
    kind: 'test',
    title: 'Test notification',
    body: 'Notifications from Tickwise look like this.',
    link: '/',
  });
}
