import { eq } from 'drizzle-orm';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import type { AppDeps } from '../../depsTypes';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import { exclusiveTransaction } from '../../db/transactions';
import { appError } from '../../errors/appError';
import { deleteBlock, insertBlock } from './blocks';
import { announceFriendsChanged } from './friendRequests';
import { areFriends, deleteLiveRequestsBetween, pairKey } from './friendships';

/**
 * Ending a friendship: unfriend, block and unblock. Both people's screens refetch their lists ('friends' event);
 * from then on messages between them are refused with the stranger's 404 and their old conversation is closed to
 * both, since reading one needs a friendship.
 */

type SocialDeps = Pick<AppDeps, 'db' | 'now' | 'bus'>;

/** POST /api/friends/{friendId}/unfriend. Someone who is not your friend answers the stranger's 404. */
export async function unfriend(deps: SocialDeps, me: string, friendId: string): Promise<{ message: string }> {
  await exclusiveTransaction(deps.db, [pairKey(me, friendId)], async (tx) => {
    if (!(await areFriends(tx, me, friendId))) throw appError('NOT_FOUND', M.userNotFound);
    await deleteLiveRequestsBetween(tx, me, friendId);
  });
  announceFriendsChanged(deps, me, friendId);
  return { message: M.friendRemoved };
}

/**
 * POST /api/users/{userId}/block: anyone with an account, friend or not (someone who keeps sending requests).
 * Ends the friendship and pending requests; afterwards neither finds the other in search, requests between them
 * reach nobody (answered like real ones) and messages get the stranger's 404. Blocking again changes nothing.
 */
export async function blockUser(deps: SocialDeps, me: string, otherId: string): Promise<{ message: string }> {
  if (otherId === me) throw appError('BAD_REQUEST', M.notYourselfToBlock);
  const now = deps.now();
  await exclusiveTransaction(deps.db, [pairKey(me, otherId)], async (tx) => {
    const { users } = tablesOf(tx);
    const other = await first(tx.select({ id: users.id }).from(users).where(eq(users.id, otherId)).limit(1));
    if (!other) throw appError('NOT_FOUND', M.userNotFound);
    await insertBlock(tx, me, otherId, now);
    await deleteLiveRequestsBetween(tx, me, otherId);
  });
  announceFriendsChanged(deps, me, otherId);
  return { message: M.userBlocked };
}

/** POST /api/users/{userId}/unblock: lifts the caller's own block (a block the other made stays). No friendship returns. */
export async function unblockUser(deps: SocialDeps, me: string, otherId: string): Promise<{ message: string }> {
  if (await deleteBlock(deps.db, me, otherId)) announceFriendsChanged(deps, me);
  return { message: M.userUnblocked };
}
