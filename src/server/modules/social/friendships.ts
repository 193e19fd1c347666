import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Friend, Relationship } from '../../../shared/social/types';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf, type Tables } from '../../db/schema';
import type { friendRequests } from '../../db/sqliteSchema';
import { iso, personColumns, toSocialPerson } from './people';

/** Who is whose friend. A friendship is an accepted request, in either direction. */

export type FriendRequestRow = typeof friendRequests.$inferSelect;

const between = (friendRequests: Tables['friendRequests'], a: string, b: string) =>
  or(
    and(eq(friendRequests.senderId, a), eq(friendRequests.receiverId, b)),
    and(eq(friendRequests.senderId, b), eq(friendRequests.receiverId, a)),
  );

/** The pending or accepted requests between two people (rejected ones are history and bind nobody). */
export async function liveRequestsBetween(db: Db, a: string, b: string): Promise<FriendRequestRow[]> {
  const { friendRequests } = tablesOf(db);
  return db
    .select()
    .from(friendRequests)
    .where(and(between(friendRequests, a, b), inArray(friendRequests.status, ['pending', 'accepted'])));
}

/** Ends a friendship and any request waiting between the two (unfriend, block); true when there was one. */
export async function deleteLiveRequestsBetween(db: Db, a: string, b: string): Promise<boolean> {
  const { friendRequests } = tablesOf(db);
  const deleted = await db
    .delete(friendRequests)
    .where(and(between(friendRequests, a, b), inArray(friendRequests.status, ['pending', 'accepted'])))
    .returning({ id: friendRequests.id });
  return deleted.length > 0;
}

/** The accepted request between two people, either way: their friendship, as a query to run or to embed. */
export function acceptedRequestBetween(db: Db, a: string, b: string) {
  const { friendRequests } = tablesOf(db);
  return db
    .select({ id: friendRequests.id })
    .from(friendRequests)
    .where(and(between(friendRequests, a, b), eq(friendRequests.status, 'accepted')));
}

/** Friends, with the other one not banned: a banned friend is, like everywhere else, as absent as a stranger. */
export async function areFriends(db: Db, me: string, other: string): Promise<boolean> {
  const { users } = tablesOf(db);
  if (me === other) return false;
  return Boolean(
    await first(
      acceptedRequestBetween(db, me, other)
        .innerJoin(users, and(eq(users.id, other), eq(users.banned, false)))
        .limit(1),
    ),
  );
}

/** How `me` stands with each of `others`: friend, a request either way, or nothing. */
export async function relationshipsWith(
  db: Db,
  me: string,
  others: readonly string[],
): Promise<Map<string, Relationship>> {
  const { friendRequests } = tablesOf(db);
  const result = new Map<string, Relationship>();
  if (others.length === 0) return result;
  const ids = [...others];
  const rows = await db
    .select({ senderId: friendRequests.senderId, receiverId: friendRequests.receiverId, status: friendRequests.status })
    .from(friendRequests)
    .where(
      and(
        inArray(friendRequests.status, ['pending', 'accepted']),
        or(
          and(eq(friendRequests.senderId, me), inArray(friendRequests.receiverId, ids)),
          and(eq(friendRequests.receiverId, me), inArray(friendRequests.senderId, ids)),
        ),
      ),
    );
  for (const row of rows) {
    const other = row.senderId === me ? row.receiverId : row.senderId;
    const relationship: Relationship =
      row.status === 'accepted' ? 'friend' : row.senderId === me ? 'request-sent' : 'request-received';
    // A friendship outranks a request that may linger from before it.
    if (result.get(other) !== 'friend') result.set(other, relationship);
  }
  return result;
}

/**
 * The user's friends with what the friend list shows: unread count and the last message of each conversation.
 * Sorted by the latest conversation first, then by name.
 */
export async function listFriends(db: Db, me: string): Promise<Friend[]> {
  const { directMessages, friendRequests, users } = tablesOf(db);
  const accepted = await db
    .select({
      senderId: friendRequests.senderId,
      receiverId: friendRequests.receiverId,
      since: friendRequests.updatedAt,
    })
    .from(friendRequests)
    .where(
      and(
        eq(friendRequests.status, 'accepted'),
        or(eq(friendRequests.senderId, me), eq(friendRequests.receiverId, me)),
      ),
    );
  if (accepted.length === 0) return [];
  const since = new Map(accepted.map((r) => [r.senderId === me ? r.receiverId : r.senderId, r.since]));
  const people = await db
    .select({ ...personColumns(users), email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...since.keys()]), eq(users.banned, false)));
  const unreadRows = await db
    .select({ senderId: directMessages.senderId, n: count() })
    .from(directMessages)
    .where(and(eq(directMessages.receiverId, me), isNull(directMessages.readAt)))
    .groupBy(directMessages.senderId);
  const unread = new Map(unreadRows.map((r) => [r.senderId, r.n]));
  const lastMessages = await Promise.all(people.map((person) => lastMessageBetween(db, me, person.id)));
  const friends: Friend[] = people.map((person, i) => {
    const last = lastMessages[i];
    return {
      ...toSocialPerson(person),
      email: person.email,
      friendsSince: iso(since.get(person.id)!),
      unreadCount: unread.get(person.id) ?? 0,
      lastMessage: last
        ? {
            content: preview(last.content),
            messageType: last.messageType,
            createdAt: iso(last.createdAt),
            fromMe: last.senderId === me,
          }
        : null,
    };
  });
  return friends.sort(
    (a, b) =>
      (b.lastMessage?.createdAt ?? '').localeCompare(a.lastMessage?.createdAt ?? '') ||
      a.displayName.localeCompare(b.displayName) ||
      a.username.localeCompare(b.username),
  );
}

/** The friend list shows a line of the last message, not all 8,000 characters of an insight. */
const PREVIEW_LENGTH = 120;
function preview(content: string): string {
  return content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH - 1)}…` : content;
}

function lastMessageBetween(db: Db, a: string, b: string) {
  const { directMessages } = tablesOf(db);
  return first(
    db
      .select({
        content: directMessages.content,
        messageType: directMessages.messageType,
        createdAt: directMessages.createdAt,
        senderId: directMessages.senderId,
      })
      .from(directMessages)
      .where(
        or(
          and(eq(directMessages.senderId, a), eq(directMessages.receiverId, b)),
          and(eq(directMessages.senderId, b), eq(directMessages.receiverId, a)),
        ),
      )
      .orderBy(desc(directMessages.id))
      .limit(1),
  );
}

/**
 * The exclusiveTransaction key for a decision about two people (a request between them, their friendship, a block):
 * the same whoever of the two asks, so crossing requests wait for each other.
 */
export const pairKey = (a: string, b: string) => `friendship:${[a, b].sort().join(':')}`;

/** The exclusiveTransaction key for a decision about one user alone (e.g. their hourly request budget). */
export const userKey = (id: string) => `user:${id}`;
