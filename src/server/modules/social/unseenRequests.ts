import { createHash } from 'node:crypto';
import { generateIdFromEntropySize } from 'lucia';
import { and, count, eq, gt } from 'drizzle-orm';
import { FRIEND_REQUEST_RATE } from '../../../shared/social/limits';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import type { FriendRequestView } from '../../../shared/social/types';
import type { Db } from '../../db/client';
import { friendRequests, unseenFriendRequests } from '../../db/schema';
import { appError } from '../../trpc/errors';
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
export function requestsSentSince(tx: Db, senderId: string, since: number): number {
  const seen = tx
    .select({ n: count() })
    .from(friendRequests)
    .where(and(eq(friendRequests.senderId, senderId), gt(friendRequests.createdAt, since)))
    .get();
  const unseen = tx
    .select({ n: count() })
    .from(unseenFriendRequests)
    .where(and(eq(unseenFriendRequests.senderId, senderId), gt(unseenFriendRequests.createdAt, since)))
    .get();
  return (seen?.n ?? 0) + (unseen?.n ?? 0);
}

/** Refuses with the same 429 as a real request when the sender is past the hourly limit. */
export function assertRequestBudget(tx: Db, senderId: string, now: number): void {
  if (requestsSentSince(tx, senderId, now - FRIEND_REQUEST_RATE.windowMs) >= FRIEND_REQUEST_RATE.max) {
    throw appError('TOO_MANY_REQUESTS', M.requestsTooFast);
  }
}

/** Stores a request nobody will see and answers exactly as sendFriendRequest answers a new pending one. */
export function sendUnseenRequest(tx: Db, senderId: string, targetHash: string, now: number): FriendRequestView {
  const repeated = tx
    .select({ id: unseenFriendRequests.id })
    .from(unseenFriendRequests)
    .where(and(eq(unseenFriendRequests.senderId, senderId), eq(unseenFriendRequests.targetHash, targetHash)))
    .get();
  if (repeated) throw appError('CONFLICT', M.alreadyPending);
  assertRequestBudget(tx, senderId, now);
  const id = generateIdFromEntropySize(10);
  tx.insert(unseenFriendRequests).values({ id, senderId, targetHash, createdAt: now }).run();
  return {
    id,
    senderId,
    receiverId: generateIdFromEntropySize(10),
    status: 'pending',
    createdAt: iso(now),
    updatedAt: iso(now),
  };
}
