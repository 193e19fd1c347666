import { generateIdFromEntropySize } from 'lucia';
import { and, asc, eq } from 'drizzle-orm';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import type {
  AnswerFriendRequestResult,
  FriendRequestView,
  PendingFriendRequest,
  SendFriendRequestResult,
} from '../../../shared/social/types';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../depsTypes';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import { exclusiveTransaction } from '../../db/transactions';
import { appError } from '../../errors/appError';
import { liveRequestsBetween, pairKey, userKey, type FriendRequestRow } from './friendships';
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
 * Check and write are one exclusive transaction keyed on the sender (the hourly budget, repeated unseen requests) and
 * on the pair (the requests between the two), so two requests sent at the same moment (even crossing each other)
 * leave one pending request or one friendship, never two.
 */
export async function sendFriendRequest(
  deps: SocialDeps,
  senderId: string,
  handle: string,
): Promise<SendFriendRequestResult> {
  const now = deps.now();
  // The pair key needs the receiver's id before the transaction starts: it is looked up first and checked again
  // inside. Should the handle name someone else by then (an account made or renamed in between), the keys are taken
  // again for the new id.
  let result: SentRequest | undefined;
  for (let attempt = 1; !result; attempt++) {
    const expectedId = (await findPersonByHandle(deps.db, handle))?.id;
    const keys = [userKey(senderId), ...(expectedId ? [pairKey(senderId, expectedId)] : [])];
    result = await exclusiveTransaction(deps.db, keys, async (tx) => {
      const receiver = await findPersonByHandle(tx, handle);
      if (receiver && receiver.id !== expectedId) {
        if (attempt < MAX_KEY_ATTEMPTS) return undefined;
        throw new Error('the friend request handle kept naming another account');
      }
      return sendInTransaction(tx, senderId, handle, receiver, now);
    });
  }
  // The sender's screens refresh either way; only a real receiver has anything to see.
  announceFriendsChanged(deps, ...(result.receiverId ? [senderId, result.receiverId] : [senderId]));
  return { message: result.message, request: result.request };
}

/** Times sendFriendRequest takes its keys again when the handle changed owner in between (it practically never does). */
const MAX_KEY_ATTEMPTS = 5;

type SentRequest = { message: string; request: FriendRequestView; receiverId: string | null };

/** sendFriendRequest's checks and write, inside its transaction, with the receiver `handle` names now. */
async function sendInTransaction(
  tx: Db,
  senderId: string,
  handle: string,
  receiver: Awaited<ReturnType<typeof findPersonByHandle>>,
  now: number,
): Promise<SentRequest> {
  const { friendRequests } = tablesOf(tx);
  if (receiver?.id === senderId) throw appError('BAD_REQUEST', M.notYourself);
  if (!receiver) {
    if (!isEmailHandle(handle)) throw appError('NOT_FOUND', M.userNotFound);
    return {
      message: M.requestSent,
      request: await sendUnseenRequest(tx, senderId, unseenTarget.email(normalizeEmail(handle)), now),
      receiverId: null,
    };
  }
  if (await blockedEitherWay(tx, senderId, receiver.id)) {
    return {
      message: M.requestSent,
      request: await sendUnseenRequest(tx, senderId, unseenTarget.account(receiver.id), now),
      receiverId: null,
    };
  }

  const live = await liveRequestsBetween(tx, senderId, receiver.id);
  if (live.some((r) => r.status === 'accepted')) throw appError('CONFLICT', M.alreadyFriends);
  if (live.some((r) => r.senderId === senderId)) throw appError('CONFLICT', M.alreadyPending);
  const theirs = live.find((r) => r.senderId === receiver.id);
  if (theirs) {
    const accepted = await first(
      tx
        .update(friendRequests)
        .set({ status: 'accepted', updatedAt: now })
        .where(eq(friendRequests.id, theirs.id))
        .returning(),
    );
    if (!accepted) throw new Error(`friend request ${theirs.id} vanished inside its transaction`);
    return { message: M.requestAccepted, request: toView(accepted), receiverId: receiver.id };
  }

  await assertRequestBudget(tx, senderId, now);
  const row = await first(
    tx
      .insert(friendRequests)
      .values({
        id: generateIdFromEntropySize(10),
        senderId,
        receiverId: receiver.id,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
  );
  if (!row) throw new Error('the friend request insert returned no row');
  return { message: M.requestSent, request: toView(row), receiverId: receiver.id };
}

/**
 * Accept or reject: only the receiver may, and only while the request is pending. Someone else's request id
 * answers the same 404 as one that does not exist.
 */
export async function answerFriendRequest(
  deps: SocialDeps,
  receiverId: string,
  requestId: string,
  status: 'accepted' | 'rejected',
): Promise<AnswerFriendRequestResult> {
  const { friendRequests } = tablesOf(deps.db);
  const now = deps.now();
  const ofReceiver = and(eq(friendRequests.id, requestId), eq(friendRequests.receiverId, receiverId));
  // The pair key needs the sender, read first (a request's sender never changes); the status is read again inside.
  const known = await first(
    deps.db.select({ senderId: friendRequests.senderId }).from(friendRequests).where(ofReceiver).limit(1),
  );
  if (!known) throw appError('NOT_FOUND', M.requestNotFound);
  const result = await exclusiveTransaction(deps.db, [pairKey(known.senderId, receiverId)], async (tx) => {
    const { friendRequests, users } = tablesOf(tx);
    const request = await first(tx.select().from(friendRequests).where(ofReceiver).limit(1));
    if (!request) throw appError('NOT_FOUND', M.requestNotFound);
    if (request.status !== 'pending') throw appError('CONFLICT', M.requestAlreadyAnswered(request.status));
    const updated = await first(
      tx.update(friendRequests).set({ status, updatedAt: now }).where(eq(friendRequests.id, requestId)).returning(),
    );
    if (!updated) throw appError('NOT_FOUND', M.requestNotFound);
    const sender = await first(
      tx.select(personColumns(users)).from(users).where(eq(users.id, request.senderId)).limit(1),
    );
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
export async function pendingRequests(deps: Pick<AppDeps, 'db'>, receiverId: string): Promise<PendingFriendRequest[]> {
  const { friendRequests, users } = tablesOf(deps.db);
  const rows = await deps.db
    .select({
      id: friendRequests.id,
      createdAt: friendRequests.createdAt,
      sender: { ...personColumns(users), email: users.email },
    })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.senderId))
    .where(
      and(eq(friendRequests.receiverId, receiverId), eq(friendRequests.status, 'pending'), eq(users.banned, false)),
    )
    .orderBy(asc(friendRequests.createdAt), asc(friendRequests.id));
  return rows.map((row) => ({
    id: row.id,
    createdAt: iso(row.createdAt),
    sender: { ...toSocialPerson(row.sender), email: row.sender.email },
  }));
}
