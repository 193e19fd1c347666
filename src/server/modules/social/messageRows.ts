import { and, asc, desc, eq, gt, lt, max, or } from 'drizzle-orm';
import type { DirectMessage, InsightMetadata } from '../../../shared/social/types';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { first } from '../../db/rows';
import { FEED_LIMIT, feedPages, feedSlot } from '../../realtime/feedPages';
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
 * What a live feed reads at a wake-up (messageFeed.ts). `all`: messages to and from the user (the tRPC
 * subscription); `received`: messages to the user (the spec's `/ws` socket).
 */
export type FeedScope = 'all' | 'received';

/**
 * The read of `feeds` feeds of one scope in one statement (realtime/feedPages.ts): per feed an index range on
 * receiver_idx, and for `all` one on sender_idx too. One statement needs no upper bound for `all` (two reads did, so
 * that a sent message stored between them could not overtake a received one): a send holds both people's locks
 * (messages.ts), so the messages a user sends and receives commit in id order.
 */
const feedReadOf = (scope: FeedScope) =>
  feedPages<MessageRow>(
    `messages_feed_${scope}`,
    (db, feeds) => {
      const { directMessages: m } = tablesOf(db);
      const ranges = Array.from({ length: feeds }, (_, i) => {
        const { key, afterId } = feedSlot(i);
        const received = and(eq(m.receiverId, key), gt(m.id, afterId));
        return scope === 'received' ? [received] : [received, and(eq(m.senderId, key), gt(m.id, afterId))];
      }).flat();
      return selectMessages(db)
        .where(or(...ranges))
        .orderBy(asc(m.id))
        .limit(FEED_LIMIT);
    },
    (row, userId) => row.receiverId === userId || (scope === 'all' && row.senderId === userId),
  );
const feedReads = { all: feedReadOf('all'), received: feedReadOf('received') };

/**
 * A live feed's next page: the user's messages after `afterId` in the feed's scope, oldest first (`complete` false
 * when more may follow). The reads of the feeds woken in one turn go to the database as one statement.
 */
export async function readFeed(
  db: Db,
  { userId, afterId, scope }: { userId: string; afterId: number; scope: FeedScope },
): Promise<{ messages: DirectMessage[]; complete: boolean }> {
  const { rows, complete } = await feedReads[scope](db, { key: userId, afterId });
  return { messages: rows.map(toDirectMessage), complete };
}

const newestId = preparedQuery('newest_message_id', (db) => {
  const { directMessages } = tablesOf(db);
  return db.select({ id: max(directMessages.id) }).from(directMessages);
});

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
