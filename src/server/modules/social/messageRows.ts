import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DirectMessage, InsightMetadata } from '../../../shared/social/types';
import type { Db } from '../../db/client';
import { directMessages, users } from '../../db/schema';
import { iso } from './people';

/** Direct-message rows in and out of the database, and the shape they leave the server in. */

const messageColumns = {
  id: directMessages.id,
  senderId: directMessages.senderId,
  receiverId: directMessages.receiverId,
  content: directMessages.content,
  messageType: directMessages.messageType,
  metadata: directMessages.metadata,
  createdAt: directMessages.createdAt,
  readAt: directMessages.readAt,
  senderFirstName: users.firstName,
};
type MessageRow = { [K in keyof typeof messageColumns]: (typeof messageColumns)[K]['_']['data'] } & {
  metadata: string | null;
  readAt: number | null;
};

function parseMetadata(text: string | null): InsightMetadata | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as InsightMetadata;
  } catch {
    return null;
  }
}

export function toDirectMessage(row: MessageRow): DirectMessage {
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    messageType: row.messageType,
    metadata: parseMetadata(row.metadata),
    createdAt: iso(row.createdAt),
    readAt: row.readAt === null ? null : iso(row.readAt),
    sender: { firstName: row.senderFirstName },
  };
}

const selectMessages = (db: Db) =>
  db.select(messageColumns).from(directMessages).innerJoin(users, eq(users.id, directMessages.senderId));

const pair = (a: string, b: string) =>
  or(
    and(eq(directMessages.senderId, a), eq(directMessages.receiverId, b)),
    and(eq(directMessages.senderId, b), eq(directMessages.receiverId, a)),
  );

export function messageById(db: Db, id: number): DirectMessage | undefined {
  const row = selectMessages(db).where(eq(directMessages.id, id)).get();
  return row && toDirectMessage(row as MessageRow);
}

/** Newest first: up to `limit` messages between two people, older than `before` when given. */
export function conversationRows(db: Db, a: string, b: string, limit: number, before?: number): DirectMessage[] {
  return selectMessages(db)
    .where(before === undefined ? pair(a, b) : and(pair(a, b), lt(directMessages.id, before)))
    .orderBy(desc(directMessages.id))
    .limit(limit)
    .all()
    .map((row) => toDirectMessage(row as MessageRow));
}

/**
 * The messages to or from `userId` after message `afterId`, oldest first, at most `limit`. Two index range scans
 * (received: receiver_idx; sent: sender_idx), merged, so the cost follows what is new, not the user's history.
 */
export function messagesAfter(db: Db, userId: string, afterId: number, limit: number): DirectMessage[] {
  const received = selectMessages(db)
    .where(and(eq(directMessages.receiverId, userId), gt(directMessages.id, afterId)))
    .orderBy(asc(directMessages.id))
    .limit(limit)
    .all();
  const sent = selectMessages(db)
    .where(and(eq(directMessages.senderId, userId), gt(directMessages.id, afterId)))
    .orderBy(asc(directMessages.id))
    .limit(limit)
    .all();
  return [...received, ...sent]
    .sort((x, y) => x.id - y.id)
    .slice(0, limit)
    .map((row) => toDirectMessage(row as MessageRow));
}

/** The id of the newest message anywhere (0 when none): a fresh feed starts after it. */
export function newestMessageId(db: Db): number {
  return (
    db
      .select({ id: sql<number | null>`max(${directMessages.id})` })
      .from(directMessages)
      .get()?.id ?? 0
  );
}

/** When the sender's `n`-th most recent message was sent, if they sent that many. */
export function nthRecentSendTime(db: Db, senderId: string, n: number): number | undefined {
  return db
    .select({ createdAt: directMessages.createdAt })
    .from(directMessages)
    .where(eq(directMessages.senderId, senderId))
    .orderBy(desc(directMessages.id))
    .limit(1)
    .offset(n - 1)
    .get()?.createdAt;
}
