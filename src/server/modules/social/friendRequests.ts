import { generateIdFromEntropySize } from 'lucia';
import { and, asc, eq } from 'drizzle-orm';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import type {
  AnswerFriendRequestResult,
  FriendRequestView,
  PendingFriendRequest,
  SendFriendRequestResult,
} from '../../../shared/social/types';
import type { AppDeps } from '../../depsTypes';
import { friendRequests, users } from '../../db/schema';
import { appError } from '../../trpc/errors';
import { inWriteTransaction, liveRequestsBetween, type FriendRequestRow } from './friendships';
import { normalizeEmail } from '../auth/users';
import { blockedEitherWay } from './blocks';
import { findPersonByHandle, isEmailHandle, iso, personColumns, toSocialPerson } from './people';
import { assertRequestBudget, sendUnseenRequest, unseenTarget } from './unseenRequests';

type SocialDeps = Pick<AppDeps, 'db' | 'now' | 'bus'>;

function toView(row: FriendRequestRow): FriendRequestView {
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    status: row.status,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Both people's friend lists and requests changed: their open screens refetch them. */
export function announceFriendsChanged(deps: SocialDeps, ...userIds: string[]): void {
  deps.bus.publish('friends.changed', { userIds });
}

/**
 * POST /api/friend-requests/send. `handle` is an email or a username. Not to yourself (400), not to a friend (409),
 * not twice while pending (409); when the other person already asked you, this accepts their request. An email
 * without an account (or a banned one) and anyone across a block get a request nobody sees, answered exactly like a
 * real one (unseenRequests.ts), so requests cannot test which addresses have accounts. An unknown username is a 404:
 * usernames are random and shown by search anyway, so that tells nothing about emails.
 * Check and write are one immediate transaction, so two requests sent at the same moment (even crossing each
 * other) leave one pending request or one friendship, never two.
 */
export function sendFriendRequest(deps: SocialDeps, senderId: string, handle: string): SendFriendRequestResult {
  const now = deps.now();
  const result = inWriteTransaction(deps.db, (tx) => {
    const receiver = findPersonByHandle(tx, handle);
    if (receiver?.id === senderId) throw appError('BAD_REQUEST', M.notYourself);
    if (!receiver) {
      if (!isEmailHandle(handle)) throw appError('NOT_FOUND', M.userNotFound);
      return {
        message: M.requestSent,
        request: sendUnseenRequest(tx, senderId, unseenTarget.email(normalizeEmail(handle)), now),
        receiverId: null,
      };
    }
    if (blockedEitherWay(tx, senderId, receiver.id)) {
      return {
        message: M.requestSent,
        request: sendUnseenRequest(tx, senderId, unseenTarget.account(receiver.id), now),
        receiverId: null,
      };
    }

    const live = liveRequestsBetween(tx, senderId, receiver.id);
    if (live.some((r) => r.status === 'accepted')) throw appError('CONFLICT', M.alreadyFriends);
    if (live.some((r) => r.senderId === senderId)) throw appError('CONFLICT', M.alreadyPending);
    const theirs = live.find((r) => r.senderId === receiver.id);
    if (theirs) {
      const accepted = tx
        .update(friendRequests)
        .set({ status: 'accepted', updatedAt: now })
        .where(eq(friendRequests.id, theirs.id))
        .returning()
        .get();
      return { message: M.requestAccepted, request: toView(accepted), receiverId: receiver.id };
    }

    assertRequestBudget(tx, senderId, now);
    const row = tx
      .insert(friendRequests)
      .values({
        id: generateIdFromEntropySize(10),
        senderId,
        receiverId: receiver.id,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    return { message: M.requestSent, request: toView(row), receiverId: receiver.id };
  });
  // The sender's screens refresh either way; only a real receiver has anything to see.
  announceFriendsChanged(deps, ...(result.receiverId ? [senderId, result.receiverId] : [senderId]));
  return { message: result.message, request: result.request };
}

/**
 * Accept or reject: only the receiver may, and only while the request is pending. Someone else's request id
 * answers the same 404 as one that does not exist.
 */
export function answerFriendRequest(
  deps: SocialDeps,
  receiverId: string,
  requestId: string,
  status: 'accepted' | 'rejected',
): AnswerFriendRequestResult {
  const now = deps.now();
  const result = inWriteTransaction(deps.db, (tx) => {
    const request = tx
      .select()
      .from(friendRequests)
      .where(and(eq(friendRequests.id, requestId), eq(friendRequests.receiverId, receiverId)))
      .get();
    if (!request) throw appError('NOT_FOUND', M.requestNotFound);
    if (request.status !== 'pending') throw appError('CONFLICT', M.requestAlreadyAnswered(request.status));
    const updated = tx
      .update(friendRequests)
      .set({ status, updatedAt: now })
      .where(eq(friendRequests.id, requestId))
      .returning()
      .get();
    const sender = tx.select(personColumns()).from(users).where(eq(users.id, request.senderId)).get();
    if (!sender) throw appError('NOT_FOUND', M.requestNotFound);
    return { updated, sender };
  });
  announceFriendsChanged(deps, receiverId, result.updated.senderId);
  return {
    message: status === 'accepted' ? M.requestAccepted : M.requestRejected,
    request: toView(result.updated),
    sender: toSocialPerson(result.sender),
  };
}

/** GET /api/friend-requests/pending: requests waiting for this user's answer, oldest first, with the spec's sender fields. */
export function pendingRequests(deps: Pick<AppDeps, 'db'>, receiverId: string): PendingFriendRequest[] {
  return deps.db
    .select({
      id: friendRequests.id,
      createdAt: friendRequests.createdAt,
      sender: { ...personColumns(), email: users.email },
    })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.senderId))
    .where(
      and(eq(friendRequests.receiverId, receiverId), eq(friendRequests.status, 'pending'), eq(users.banned, false)),
    )
    .orderBy(asc(friendRequests.createdAt), asc(friendRequests.id))
    .all()
    .map((row) => ({
      id: row.id,
      createdAt: iso(row.createdAt),
      sender: { ...toSocialPerson(row.sender), email: row.sender.email },
    }));
}
