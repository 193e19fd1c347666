import { z } from 'zod';
import {
  MAX_BODY_LENGTH,
  MAX_DATA_BYTES,
  MAX_LINK_LENGTH,
  MAX_TITLE_LENGTH,
} from '../../../shared/notifications/limits';
import type { AppNotification, NotificationChannel } from '../../../shared/notifications/types';
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
  deps: Pick<AppDeps, 'db' | 'now' | 'bus' | 'config' | 'log' | 'mail' | 'notifications'>,
  userId: string,
  input: NotificationInput,
  channels?: readonly NotificationChannel[],
): Promise<AppNotification> {
  const parsed = notificationInputSchema.parse(input);
  // One user's notifications commit in id order on either engine (the live feed reads ids above the last it sent).
  const row = await exclusiveTransaction(deps.db, [`notifications:${userId}`], (tx) =>
    insertNotification(tx, userId, parsed, deps.now()),
  );
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
