import { createHash } from 'node:crypto';
import { generateIdFromEntropySize } from 'lucia';
import { and, count, eq, gt } from 'drizzle-orm';
import { FRIEND_REQUEST_RATE } from '../../../shared/social/limits';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import type { FriendRequestView } from '../../../shared/social/types';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import { appError } from '../../errors/appError';
import { iso } from './people';

/**
 * Friend requests that reach nobody: to an email without an account (or a banned one), or between two people one of
 * whom blocked the other. The sender must not be able to tell them from real ones, or requests become a way to test
 * which addresses have accounts (and who blocked you). So they go the same way as a real request: the same 409 when
 * repeated, the same hourly limit (both kinds count against it), the same answer with a pending request whose
 * receiver id is as random as a real one, and the same work (a lookup, a count and an insert in one transaction).
 */

/** Who the request was meant for, hashed: an address nobody registered is not kept in clear. */
export const unseenTarget = {
  email: (normalizedEmail: string) => hashOf(`email:${normalizedEmail}`),
  account: (userId: string) => hashOf(`account:${userId}`),
};

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Friend requests `senderId` sent since `since`, seen or not: the one count the hourly limit reads. */
export async function requestsSentSince(tx: Db, senderId: string, since: number): Promise<number> {
  const { friendRequests, unseenFriendRequests } = tablesOf(tx);
  const seen = await first(
    tx
      .select({ n: count() })
      .from(friendRequests)
      .where(and(eq(friendRequests.senderId, senderId), gt(friendRequests.createdAt, since)))
      .limit(1),
  );
  const unseen = await first(
    tx
      .select({ n: count() })
      .from(unseenFriendRequests)
      .where(and(eq(unseenFriendRequests.senderId, senderId), gt(unseenFriendRequests.createdAt, since)))
      .limit(1),
  );
  return (seen?.n ?? 0) + (unseen?.n ?? 0);
}

/**
 * Refuses with the same 429 as a real request when the sender is past the hourly limit. Call it inside an
 * exclusiveTransaction holding `userKey(senderId)` (friendships.ts), with the insert it allows, so parallel requests
 * from one sender cannot all pass the count.
 */
export async function assertRequestBudget(tx: Db, senderId: string, now: number): Promise<void> {
  if ((await requestsSentSince(tx, senderId, now - FRIEND_REQUEST_RATE.windowMs)) >= FRIEND_REQUEST_RATE.max) {
    throw appError('TOO_MANY_REQUESTS', M.requestsTooFast);
  }
}

/**
 * Stores a request nobody will see and answers exactly as sendFriendRequest answers a new pending one. Call it inside
 * an exclusiveTransaction holding `userKey(senderId)`: the repeat check, the budget and the insert are one decision
 * about the sender.
 */
export async function sendUnseenRequest(
  tx: Db,
  senderId: string,
  targetHash: string,
  now: number,
): Promise<FriendRequestView> {
  const { unseenFriendRequests } = tablesOf(tx);
  const repeated = await first(
    tx
      .select({ id: unseenFriendRequests.id })
      .from(unseenFriendRequests)
      .where(and(eq(unseenFriendRequests.senderId, senderId), eq(unseenFriendRequests.targetHash, targetHash)))
      .limit(1),
  );
  if (repeated) throw appError('CONFLICT', M.alreadyPending);
  await assertRequestBudget(tx, senderId, now);
  const id = generateIdFromEntropySize(10);
  await tx.insert(unseenFriendRequests).values({ id, senderId, targetHash, createdAt: now });
  return {
    id,
    senderId,
    receiverId: generateIdFromEntropySize(10),
    status: 'pending',
    createdAt: iso(now),
    updatedAt: iso(now),
  };
}
