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
import { insertNotification, toNotification } from './rows';

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
  const chosen = channels ? new Set<NotificationChannel>(['inApp', ...channels]) : null;
  deps.notifications.track(
    fanOut(deps, userId, notification, chosen).catch((err: unknown) =>
      deps.log.warn({ err, notification: notification.id }, 'notification fan-out failed'),
    ),
  );
  return notification;
}
