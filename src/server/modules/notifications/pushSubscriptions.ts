import { and, desc, eq, inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { MAX_PUSH_DEVICES } from '../../../shared/notifications/limits';
import type { PushSubscriptionInput } from '../../../shared/notifications/schemas';
import type { Db } from '../../db/client';
import { tablesOf } from '../../db/schema';
import type { pushSubscriptions } from '../../db/sqliteSchema';
import { exclusiveTransaction } from '../../db/transactions';
import type { AppDeps } from '../../depsTypes';
import { appError } from '../../errors/appError';
import { checkEndpoint, EndpointRefused } from '../../outbound/endpointGuard';
import { sessionIdHash } from '../../crypto/sha256';

/**
 * Web push subscriptions: one row per browser (its endpoint), bound to the signed-in user who subscribed it last.
 * POST /api/push/subscriptions, DELETE /api/push/subscriptions.
 */

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export const PUSH_MESSAGES = {
  subscribeLimit: 'Too many push subscriptions from this account in the last hour. Try again later.',
  badKey: 'keys.p256dh must be the browser’s P-256 public key and keys.auth its 16-byte secret.',
} as const;

/** A browser's keys as PushSubscription.toJSON() gives them: a 65-byte uncompressed P-256 point, a 16-byte secret. */
function checkKeys(keys: PushSubscriptionInput['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 0x04 || auth.length !== 16) {
    throw appError('BAD_REQUEST', PUSH_MESSAGES.badKey);
  }
}

/**
 * Subscribes this browser for the user (and the session it was made in): the endpoint must pass the SSRF check (https, public address; see
 * outbound/endpointGuard.ts) and the keys must be well formed. The same endpoint again (the browser renewing its
 * subscription, or another person signing in on it) updates the row; past MAX_PUSH_DEVICES the user's least recently
 * subscribed device is forgotten (a browser that was reinstalled or cleared never says goodbye).
 */
export async function subscribePush(
  deps: Pick<AppDeps, 'db' | 'now' | 'notifications'>,
  /** The signed-in user and their session: the device stops with the session's sign-out (sessionDevices.ts). */
  caller: { userId: string; sessionId: string },
  input: PushSubscriptionInput,
): Promise<{ subscribed: true; devices: number }> {
  const { userId } = caller;
  const sessionHash = sessionIdHash(caller.sessionId);
  if (!(await deps.notifications.subscribeBudget.take(userId))) {
    throw appError('TOO_MANY_REQUESTS', PUSH_MESSAGES.subscribeLimit);
  }
  checkKeys(input.keys);
  try {
    await checkEndpoint(input.endpoint, deps.notifications.endpointPolicy);
  } catch (error) {
    if (error instanceof EndpointRefused) throw appError('BAD_REQUEST', error.message);
    throw error;
  }
  const now = deps.now();
  const devices = await exclusiveTransaction(deps.db, [`push:${userId}`], async (tx) => {
    const { pushSubscriptions } = tablesOf(tx);
    const row = { userId, sessionHash, p256dh: input.keys.p256dh, auth: input.keys.auth, updatedAt: now };
    await tx
      .insert(pushSubscriptions)
      .values({ id: randomBytes(12).toString('base64url'), endpoint: input.endpoint, createdAt: now, ...row })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
    const mine = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.createdAt));
    const forgotten = mine.slice(MAX_PUSH_DEVICES).map((r) => r.id);
    if (forgotten.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, forgotten));
    return Math.min(mine.length, MAX_PUSH_DEVICES);
  });
  return { subscribed: true, devices };
}

/** Unsubscribes this browser; only the user's own subscription can be removed (anyone else's is left alone). */
export async function unsubscribePush(db: Db, userId: string, endpoint: string): Promise<{ removed: boolean }> {
  const { pushSubscriptions } = tablesOf(db);
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return { removed: removed.length > 0 };
}

export function userPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  const { pushSubscriptions } = tablesOf(db);
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** A subscription the push service no longer knows (404 / 410), or one whose endpoint no longer passes the check. */
export async function forgetSubscription(db: Db, subscription: Pick<PushSubscriptionRow, 'id' | 'endpoint'>) {
  const { pushSubscriptions } = tablesOf(db);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, subscription.id), eq(pushSubscriptions.endpoint, subscription.endpoint)));
}
