import { and, asc, count, desc, eq, gt, inArray, isNull, lt, max, or } from 'drizzle-orm';
import { NOTIFICATIONS_KEPT_PER_USER } from '../../../shared/notifications/limits';
import type { AppNotification } from '../../../shared/notifications/types';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import { FEED_LIMIT, feedPages, feedSlot } from '../../realtime/feedPages';
import type { notifications } from '../../db/sqliteSchema';

/** Notification rows in and out of the database, and the shape they leave the server in. */

type Row = typeof notifications.$inferSelect;

export interface NewNotification {
  kind: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown> | null;
}

function parseData(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function toNotification(row: Row): AppNotification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    data: parseData(row.data),
    createdAt: new Date(row.createdAt).toISOString(),
    readAt: row.readAt === null ? null : new Date(row.readAt).toISOString(),
  };
}

/**
 * Stores one notification and deletes the user's beyond the newest NOTIFICATIONS_KEPT_PER_USER, in the caller's
 * transaction. The bound is exact: the rows past the limit are found by their id through the (user, id) index.
 */
export async function insertNotification(tx: Db, userId: string, n: NewNotification, now: number): Promise<Row> {
  const { notifications } = tablesOf(tx);
  const [row] = await tx
    .insert(notifications)
    .values(newRow(userId, n, now))
    .returning();
  await trimUser(tx, userId);
  return row;
}

/**
 * Stores many notifications (of one or more users) in one statement, in the caller's transaction, and returns the
 * rows in the order given. The caller then calls `trimNotifications` for their users (after deleting any it takes
 * back). A burst of alerts firing together is a few statements instead of three per notification.
 */
export async function insertNotifications(
  tx: Db,
  items: ReadonlyArray<{ userId: string; notification: NewNotification }>,
  now: number,
): Promise<Row[]> {
  const { notifications } = tablesOf(tx);
  if (items.length === 0) return [];
  const inserted = await tx
    .insert(notifications)
    .values(items.map(({ userId, notification }) => newRow(userId, notification, now)))
    .returning();
  // Ids are taken in the order of the values on either engine: sorted by id, the rows line up with the items.
  return inserted.sort((a, b) => a.id - b.id);
}

/**
 * Keeps each of these users' newest NOTIFICATIONS_KEPT_PER_USER, in the caller's transaction: one count for all of
 * them, then a trim of those past it.
 */
export async function trimNotifications(tx: Db, userIds: readonly string[]): Promise<void> {
  const { notifications } = tablesOf(tx);
  if (userIds.length === 0) return;
  const over = await tx
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(inArray(notifications.userId, [...new Set(userIds)]))
    .groupBy(notifications.userId)
    .having(gt(count(), NOTIFICATIONS_KEPT_PER_USER));
  for (const { userId } of over) await trimUser(tx, userId);
}

/** Deletes notifications by id (a batch's that were taken back), in the caller's transaction. */
export async function deleteNotifications(tx: Db, ids: readonly number[]): Promise<void> {
  const { notifications } = tablesOf(tx);
  if (ids.length > 0) await tx.delete(notifications).where(inArray(notifications.id, [...ids]));
}

function newRow(userId: string, n: NewNotification, now: number): typeof notifications.$inferInsert {
  return {
    userId,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    data: n.data === null ? null : JSON.stringify(n.data),
    createdAt: now,
  };
}

/** Deletes the user's notifications older than their newest NOTIFICATIONS_KEPT_PER_USER. */
async function trimUser(tx: Db, userId: string): Promise<void> {
  const { notifications } = tablesOf(tx);
  const oldestKept = await first(
    tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(1)
      .offset(NOTIFICATIONS_KEPT_PER_USER - 1),
  );
  if (oldestKept) {
    await tx.delete(notifications).where(and(eq(notifications.userId, userId), lt(notifications.id, oldestKept.id)));
  }
}

/** Newest first: up to `limit` of the user's notifications, older than `before` when given. */
export async function notificationPage(db: Db, userId: string, limit: number, before?: number): Promise<Row[]> {
  const { notifications } = tablesOf(db);
  const mine = eq(notifications.userId, userId);
  return db
    .select()
    .from(notifications)
    .where(before === undefined ? mine : and(mine, lt(notifications.id, before)))
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const { notifications } = tablesOf(db);
  const row = await first(
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  );
  return Number(row?.n ?? 0);
}

/** Marks the named notifications of this user read (others' ids are ignored); returns how many changed. */
export async function markRead(db: Db, userId: string, ids: readonly number[] | 'all', now: number): Promise<number> {
  const { notifications } = tablesOf(db);
  const conditions = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids !== 'all') conditions.push(inArray(notifications.id, [...ids]));
  const changed = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return changed.length;
}

/**
 * The user's notifications with ids above `afterId`, oldest first (`complete` false when more may follow): the live
 * feed's read. The reads of the feeds woken in one turn go as one statement (realtime/feedPages.ts), each feed an
 * index range on (user_id, id); one user's notifications commit in id order (notify.ts).
 */
export const notificationsAfter = feedPages<Row>(
  'notifications_feed',
  (db, feeds) => {
    const { notifications } = tablesOf(db);
    const ranges = Array.from({ length: feeds }, (_, i) => {
      const { key, afterId } = feedSlot(i);
      return and(eq(notifications.userId, key), gt(notifications.id, afterId));
    });
    return db
      .select()
      .from(notifications)
      .where(or(...ranges))
      .orderBy(asc(notifications.id))
      .limit(FEED_LIMIT);
  },
  (row, userId) => row.userId === userId,
);

/** The newest id stored for the user (0 when none): where a fresh live feed starts. */
export async function newestNotificationId(db: Db, userId: string): Promise<number> {
  const { notifications } = tablesOf(db);
  const row = await first(
    db
      .select({ id: max(notifications.id) })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
  );
  return Number(row?.id ?? 0);
}
