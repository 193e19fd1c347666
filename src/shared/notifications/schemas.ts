import { z } from 'zod';
import { MAX_ENDPOINT_LENGTH, MAX_MARK_READ_IDS, MAX_NOTIFICATION_PAGE_SIZE } from './limits';

/** Inputs of the notification and push procedures (REST and tRPC share them). */

/** A whole number from a query string ('30') or JSON (30); true, [5] or '0x1e' are not numbers here. */
function wholeNumber(message: string) {
  return z
    .union([z.number(), z.string().regex(/^\d{1,16}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message));
}

const notificationId = wholeNumber('Notification ids are whole numbers');

/** GET /api/notifications?cursor=&limit=: the newest page, or the page older than `cursor`. */
export const notificationPageSchema = z
  .object({
    cursor: wholeNumber('cursor must be a notification id').optional(),
    limit: wholeNumber('limit must be a whole number from 1')
      .pipe(z.number().max(MAX_NOTIFICATION_PAGE_SIZE, `limit must be at most ${MAX_NOTIFICATION_PAGE_SIZE}`))
      .optional(),
  })
  .optional();

/** POST /api/notifications/read {ids}. */
export const markReadSchema = z.object({
  ids: z
    .array(notificationId, { error: 'ids must be a list of notification ids' })
    .min(1, 'ids must name at least one notification')
    .max(MAX_MARK_READ_IDS, `ids may name at most ${MAX_MARK_READ_IDS} notifications`),
});

/** PUT /api/notifications/preferences: the channels a user chooses (in-app is always on). */
export const preferencesSchema = z
  .object({
    push: z.boolean({ error: 'push must be true or false' }).optional(),
    email: z.boolean({ error: 'email must be true or false' }).optional(),
  })
  .strict();

/** notifications.live: a reconnecting client passes the id of the last event it received (tRPC adds it). */
export const notificationFeedSchema = z
  .object({ lastEventId: z.string().max(20).regex(/^\d+$/, 'lastEventId must be a notification id').nullish() })
  .optional();

/** A browser's key, base64url: p256dh is a 65-byte P-256 point (87 characters), auth 16 bytes (22). */
const base64url = (name: string, min: number, max: number) =>
  z
    .string({ error: `keys.${name} is required` })
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `keys.${name} must be base64url`)
    .min(min, `keys.${name} is too short`)
    .max(max, `keys.${name} is too long`);

/**
 * POST /api/push/subscriptions: what PushSubscription.toJSON() gives ({endpoint, expirationTime, keys}). Whether
 * the endpoint may be sent to is the server's check (https, public address), not the schema's.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: 'endpoint is required' })
    .trim()
    .min(1, 'endpoint is required')
    .max(MAX_ENDPOINT_LENGTH, 'The push endpoint is too long.'),
  expirationTime: z.number().nullish(),
  keys: z.object(
    { p256dh: base64url('p256dh', 80, 100), auth: base64url('auth', 16, 32) },
    { error: 'keys {p256dh, auth} are required' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions {endpoint}. */
export const pushEndpointSchema = z.object({
  endpoint: z
    .string({ error: 'endpoint is required' })
    .trim()
    .min(1, 'endpoint is required')
    .max(MAX_ENDPOINT_LENGTH, 'The push endpoint is too long.'),
});
