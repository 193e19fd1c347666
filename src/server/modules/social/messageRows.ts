import { and, asc, desc, eq, gt, lt, lte, max, or, sql, type SQL } from 'drizzle-orm';
import type { DirectMessage, InsightMetadata } from '../../../shared/social/types';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { first } from '../../db/rows';
import { tablesOf, type Tables } from '../../db/schema';
import type { directMessages } from '../../db/sqliteSchema';
import { iso } from './people';

/** Direct-message rows in and out of the database, and the shape they leave the server in. */

/** The columns a DirectMessage is made of, from the given handle's tables. */
const messageColumns = ({ directMessages, users }: Tables) => ({
  id: directMessages.id,
  senderId: directMessages.senderId,
  receiverId: directMessages.receiverId,
  content: directMessages.content,
  messageType: directMessages.messageType,
  metadata: directMessages.metadata,
  createdAt: directMessages.createdAt,
  readAt: directMessages.readAt,
  senderFirstName: users.firstName,
});
/** A stored message with its sender's first name, as selected below or returned by the insert. */
type MessageRow = typeof directMessages.$inferSelect & { senderFirstName: string };

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

const selectMessages = (db: Db) => {
  const { directMessages, users } = tablesOf(db);
  return db
    .select(messageColumns(tablesOf(db)))
    .from(directMessages)
    .innerJoin(users, eq(users.id, directMessages.senderId));
};

const pair = (directMessages: Tables['directMessages'], a: string, b: string) =>
  or(
    and(eq(directMessages.senderId, a), eq(directMessages.receiverId, b)),
    and(eq(directMessages.senderId, b), eq(directMessages.receiverId, a)),
  );

/** Newest first: up to `limit` messages between two people, older than `before` when given. */
export async function conversationRows(
  db: Db,
  a: string,
  b: string,
  limit: number,
  before?: number,
): Promise<DirectMessage[]> {
  const { directMessages } = tablesOf(db);
  const rows = await selectMessages(db)
    .where(
      before === undefined
        ? pair(directMessages, a, b)
        : and(pair(directMessages, a, b), lt(directMessages.id, before)),
    )
    .orderBy(desc(directMessages.id))
    .limit(limit);
  return rows.map((row) => toDirectMessage(row as MessageRow));
}

/**
 * A live feed's read (messageFeed.ts): the messages matching `where`, oldest first, at most `limit`. Feeds read at
 * every wake-up, a thousand a second under load, so each read is prepared once per handle (db/prepared.ts): a
 * wake-up costs the statement, not drizzle's building of it. Always on the server's own handle (a feed reads
 * outside any transaction).
 */
const feedRead = (name: string, where: (directMessages: Tables['directMessages']) => SQL | undefined) =>
  preparedQuery(name, (db) => {
    const { directMessages } = tablesOf(db);
    return selectMessages(db)
      .where(where(directMessages))
      .orderBy(asc(directMessages.id))
      .limit(sql.placeholder('limit'));
  });

/** The values each execution fills in. */
const slot = { userId: sql.placeholder('userId'), afterId: sql.placeholder('afterId'), upTo: sql.placeholder('upTo') };
const receivedInRange = feedRead('messages_received_in_range', (m) =>
  and(eq(m.receiverId, slot.userId), gt(m.id, slot.afterId), lte(m.id, slot.upTo)),
);
const sentInRange = feedRead('messages_sent_in_range', (m) =>
  and(eq(m.senderId, slot.userId), gt(m.id, slot.afterId), lte(m.id, slot.upTo)),
);
const receivedAfterId = feedRead('messages_received_after', (m) =>
  and(eq(m.receiverId, slot.userId), gt(m.id, slot.afterId)),
);

const newestId = preparedQuery('newest_message_id', (db) => {
  const { directMessages } = tablesOf(db);
  return db.select({ id: max(directMessages.id) }).from(directMessages);
});

/**
 * The messages to or from `userId` after message `afterId`, oldest first, at most `limit`. Two index range scans
 * (received: receiver_idx; sent: sender_idx), merged, so the cost follows what is new, not the user's history.
 * Both scans stop at the newest id read before them: another request may store messages between the two reads, and
 * a sent message stored then must not be delivered ahead of a received one with a lower id that the first read
 * missed (the feed moves its cursor past every id it delivers).
 */
export async function messagesAfter(db: Db, userId: string, afterId: number, limit: number): Promise<DirectMessage[]> {
  const upTo = await newestMessageId(db);
  if (upTo <= afterId) return [];
  const values = { userId, afterId, upTo, limit };
  const received = await receivedInRange(db).execute(values);
  const sent = await sentInRange(db).execute(values);
  return [...received, ...sent]
    .sort((x, y) => x.id - y.id)
    .slice(0, limit)
    .map((row) => toDirectMessage(row as MessageRow));
}

/**
 * The messages to `userId` after message `afterId`, oldest first, at most `limit`: one index range scan
 * (receiver_idx). One scan needs no upper bound: the messages of one receiver commit in id order (messages.ts).
 */
export async function receivedAfter(db: Db, userId: string, afterId: number, limit: number): Promise<DirectMessage[]> {
  const rows = await receivedAfterId(db).execute({ userId, afterId, limit });
  return rows.map((row) => toDirectMessage(row as MessageRow));
}

/** The id of the newest message anywhere (0 when none): a fresh feed starts after it. */
export async function newestMessageId(db: Db): Promise<number> {
  const row = await first(newestId(db).execute());
  return row?.id ?? 0;
}

/** When the sender's `n`-th most recent message was sent (no row if they sent fewer), as a query to embed. */
export function nthRecentSendQuery(db: Db, senderId: string, n: number) {
  const { directMessages } = tablesOf(db);
  return db
    .select({ createdAt: directMessages.createdAt })
    .from(directMessages)
    .where(eq(directMessages.senderId, senderId))
    .orderBy(desc(directMessages.id))
    .limit(1)
    .offset(n - 1);
}
