import { z } from 'zod';
import {
  MAX_BODY_LENGTH,
  MAX_DATA_BYTES,
  MAX_LINK_LENGTH,
  MAX_TITLE_LENGTH,
} from '../../../shared/notifications/limits';
import type { AppNotification, NotificationChannel } from '../../../shared/notifications/types';
import type { Db } from '../../db/client';
import { exclusiveTransaction } from '../../db/transactions';
import type { AppDeps } from '../../depsTypes';
import { fanOut } from './channels';
import {
  deleteNotifications,
  insertNotification,
  insertNotifications,
  toNotification,
  trimNotifications,
} from './rows';

/**
 * notify(): the one way anything on the server tells a user something (alerts, later others). It stores the
 * notification in the user's notification centre (always), wakes their live feeds on every instance, and sends it
 * on by web push and e-mail off the request path: the caller waits only for the insert.
 *
 * `channels` chooses the channels for this notification (an alert's own choice) and overrides the user's defaults;
 * without it, their preferences decide (notifications.preferences). In-app is always one of them.
 */

const clip = (max: number) => (text: string) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What a caller passes. Text is clipped to its limit rather than refused: a long alert note must still arrive. */
export const notificationInputSchema = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9.-]{0,31}$/, 'kind is a short lower-case word'),
  title: z.string().trim().min(1).transform(clip(MAX_TITLE_LENGTH)),
  body: z.string().trim().default('').transform(clip(MAX_BODY_LENGTH)),
  /** A path on this site; never another site (a click on a notification must not leave it). */
  link: z
    .string()
    .max(MAX_LINK_LENGTH)
    .regex(/^\/(?![/\\])[^\s]*$/, 'link is a path on this site, such as /trading?symbol=AAPL')
    .nullish()
    .transform((link) => link ?? null),
  data: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((data) => data ?? null)
    .refine((data) => data === null || JSON.stringify(data).length <= MAX_DATA_BYTES, 'data is too large'),
});
export type NotificationInput = z.input<typeof notificationInputSchema>;

export async function notify(
  deps: NotifyDeps,
  userId: string,
  input: NotificationInput,
  channels?: readonly NotificationChannel[],
): Promise<AppNotification> {
  return (await store(deps, userId, input, channels, null))!;
}

/**
 * notify() for a caller whose own record must change in the same transaction as the notification is stored, so the
 * notification exists exactly once however often, and wherever, the caller tries (an alert's firing, delivered by
 * the instance that fired it or by the next one after a crash). `claim` runs inside the insert's transaction with the
 * new notification's id; when it answers false (someone delivered it already), nothing is stored, nothing is sent,
 * and null is returned.
 */
export async function notifyOnce(
  deps: NotifyDeps,
  userId: string,
  input: NotificationInput,
  channels: readonly NotificationChannel[] | undefined,
  claim: (tx: Db, notificationId: number) => Promise<boolean>,
): Promise<AppNotification | null> {
  return store(deps, userId, input, channels, claim);
}

type NotifyDeps = Pick<AppDeps, 'db' | 'now' | 'bus' | 'config' | 'log' | 'mail' | 'notifications'>;

/** Thrown inside the transaction to roll it back when the claim is refused. */
class ClaimRefused extends Error {}

async function store(
  deps: NotifyDeps,
  userId: string,
  input: NotificationInput,
  channels: readonly NotificationChannel[] | undefined,
  claim: ((tx: Db, notificationId: number) => Promise<boolean>) | null,
): Promise<AppNotification | null> {
  const parsed = notificationInputSchema.parse(input);
  let row;
  try {
    // One user's notifications commit in id order on either engine (the live feed reads ids above the last it sent).
    row = await exclusiveTransaction(deps.db, [`notifications:${userId}`], async (tx) => {
      const inserted = await insertNotification(tx, userId, parsed, deps.now());
      if (claim && !(await claim(tx, inserted.id))) throw new ClaimRefused();
      return inserted;
    });
  } catch (error) {
    if (error instanceof ClaimRefused) return null;
    throw error;
  }
  const notification = toNotification(row);
  deps.bus.publish('notification.created', { userId, notificationId: notification.id });
  sendOn(deps, userId, notification, channels);
  return notification;
}

/** The caller's channels with in-app (always), or null: the user's preferences decide. */
function chosenChannels(channels: readonly NotificationChannel[] | undefined): Set<NotificationChannel> | null {
  return channels ? new Set<NotificationChannel>(['inApp', ...channels]) : null;
}

/** Hands a stored notification to its other channels (push, mail), off the caller's path. */
function sendOn(
  deps: NotifyDeps,
  userId: string,
  notification: AppNotification,
  channels: readonly NotificationChannel[] | undefined,
): void {
  deps.notifications.track(
    fanOut(deps, userId, notification, chosenChannels(channels)).catch((err: unknown) =>
      deps.log.warn({ err, notification: notification.id }, 'notification fan-out failed'),
    ),
  );
}

export interface OnceNotification {
  userId: string;
  input: NotificationInput;
  channels?: readonly NotificationChannel[];
}

/**
 * notifyOnce() for many at once (a burst of alerts firing on one tick): one transaction for all of them, holding every
 * user's lock, so a burst costs a few statements and one commit instead of a transaction per notification. The
 * notifications are stored, then `claim` records each one's id on the caller's rows where no one did, and answers
 * which items (by index) it claimed; the others' notifications are deleted again in the same transaction (another
 * instance delivered those first: it held the same user's lock, so it committed before this claim looked). Returns
 * the notification of each item, or null for an item delivered before.
 */
export async function notifyEachOnce(
  deps: NotifyDeps,
  items: readonly OnceNotification[],
  claim: (tx: Db, stored: ReadonlyArray<{ index: number; notificationId: number }>) => Promise<ReadonlySet<number>>,
): Promise<Array<AppNotification | null>> {
  const parsed = items.map((item) => notificationInputSchema.parse(item.input));
  const userIds = items.map((item) => item.userId);
  const rows = await exclusiveTransaction(
    deps.db,
    userIds.map((userId) => `notifications:${userId}`),
    async (tx) => {
      const inserted = await insertNotifications(
        tx,
        items.map((item, index) => ({ userId: item.userId, notification: parsed[index] })),
        deps.now(),
      );
      const claimed = await claim(
        tx,
        inserted.map((row, index) => ({ index, notificationId: row.id })),
      );
      await deleteNotifications(
        tx,
        inserted.filter((_, index) => !claimed.has(index)).map((row) => row.id),
      );
      await trimNotifications(tx, userIds);
      return inserted.map((row, index) => (claimed.has(index) ? row : null));
    },
  );
  const notifications = rows.map((row) => (row ? toNotification(row) : null));
  // One wake-up per user, naming their newest: a live feed reads every notification after the last it sent.
  const newest = new Map<string, number>();
  notifications.forEach((notification, index) => {
    if (notification) newest.set(items[index].userId, notification.id);
  });
  for (const [userId, notificationId] of newest) deps.bus.publish('notification.created', { userId, notificationId });
  // The fan-outs one after another, not all at once: each reads the user's channels and devices, and a burst's worth
  // of those reads at once would queue the live feeds' reads (the toasts) behind them on the database.
  const sent = notifications.reduce<Promise<void>>((previous, notification, index) => {
    if (!notification) return previous;
    const { userId, channels } = items[index];
    return previous.then(() =>
      fanOut(deps, userId, notification, chosenChannels(channels)).catch((err: unknown) =>
        deps.log.warn({ err, notification: notification.id }, 'notification fan-out failed'),
      ),
    );
  }, Promise.resolve());
  deps.notifications.track(sent);
  return notifications;
}
