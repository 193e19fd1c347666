import { and, asc, desc, eq, gt, lt, max, or, sql } from 'drizzle-orm';
import type { DirectMessage, InsightMetadata } from '../../../shared/social/types';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { first } from '../../db/rows';
import { turnBatch } from '../../realtime/turnBatch';
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

export interface FeedRead {
  userId: string;
  /** The last message the feed delivered: the read asks for ids above it. */
  afterId: number;
  scope: FeedScope;
}

export interface FeedPage {
  /** The feed's next messages, oldest first. */
  messages: DirectMessage[];
  /** False when more may follow the last of them: read again from there. */
  complete: boolean;
}

/** Feeds read in one statement at most: each adds one or two index range conditions to it. */
const FEEDS_PER_READ = 32;
/** Rows one statement returns at most, whatever it asks for: 100 for one feed, up to 500 for many. */
const rowsPerRead = (feeds: number) => Math.min(100 * feeds, 500);

const userSlot = (i: number) => sql.placeholder(`u${i}`);
const afterSlot = (i: number) => sql.placeholder(`a${i}`);

/**
 * The read of `feeds` feeds of one scope in one statement: each feed's condition is an index range (receiver_idx, and
 * for `all` sender_idx too), OR-ed together, and the rows come in id order up to one limit. Prepared once per handle
 * and number of feeds (db/prepared.ts), so a wake-up costs the statement's execution, not drizzle's building of it.
 */
const feedReadsByShape = new Map<string, ReturnType<typeof buildFeedRead>>();
function buildFeedRead(scope: FeedScope, feeds: number) {
  return preparedQuery(`messages_feed_${scope}_${feeds}`, (db) => {
    const { directMessages: m } = tablesOf(db);
    const ranges = Array.from({ length: feeds }, (_, i) => {
      const received = and(eq(m.receiverId, userSlot(i)), gt(m.id, afterSlot(i)));
      return scope === 'received' ? [received] : [received, and(eq(m.senderId, userSlot(i)), gt(m.id, afterSlot(i)))];
    }).flat();
    return selectMessages(db)
      .where(or(...ranges))
      .orderBy(asc(m.id))
      .limit(sql.placeholder('limit'));
  });
}
function feedReadFor(scope: FeedScope, feeds: number) {
  const shape = `${scope}_${feeds}`;
  let read = feedReadsByShape.get(shape);
  if (!read) feedReadsByShape.set(shape, (read = buildFeedRead(scope, feeds)));
  return read;
}

/**
 * Reads the pages of several feeds of one scope in one statement. Each feed gets the rows above its last id that are
 * its own; the rows come in id order up to one limit, so each feed's share is the start of what it has to read
 * (every row below the last one returned is there), and when the limit is reached every feed reads again from where
 * its share ended. One statement needs no upper bound: the messages a user sends and receives commit in id order
 * (a send holds both people's locks, messages.ts), so one snapshot shows each feed a gap-free run of them.
 */
async function readFeedGroup(db: Db, scope: FeedScope, group: readonly FeedRead[]): Promise<FeedPage[]> {
  const limit = rowsPerRead(group.length);
  const values: Record<string, string | number> = { limit };
  group.forEach((feed, i) => {
    values[`u${i}`] = feed.userId;
    values[`a${i}`] = feed.afterId;
  });
  const rows = (await feedReadFor(scope, group.length)(db).execute(values)) as MessageRow[];
  const complete = rows.length < limit;
  const messages = rows.map(toDirectMessage);
  return group.map((feed) => ({
    complete,
    messages: messages.filter(
      (message) =>
        message.id > feed.afterId &&
        (message.receiverId === feed.userId || (scope === 'all' && message.senderId === feed.userId)),
    ),
  }));
}

/** One batcher per handle and scope: the reads asked for in one turn of the event loop go as one statement. */
const feedReaders = new WeakMap<Db, Record<FeedScope, (read: FeedRead) => Promise<FeedPage>>>();

/**
 * A live feed's next page: the user's messages after `afterId` in the feed's scope, oldest first. Feeds read at every
 * wake-up, a thousand a second under load, and one turn of the event loop wakes many of them; their reads in that
 * turn go to the database together (realtime/turnBatch.ts), at most FEEDS_PER_READ in one statement. Always on the
 * server's own handle (a feed reads outside any transaction).
 */
export function readFeed(db: Db, read: FeedRead): Promise<FeedPage> {
  let readers = feedReaders.get(db);
  if (!readers) {
    const batcher = (scope: FeedScope) =>
      turnBatch((group: readonly FeedRead[]) => readFeedGroup(db, scope, group), FEEDS_PER_READ);
    feedReaders.set(db, (readers = { all: batcher('all'), received: batcher('received') }));
  }
  return readers[read.scope](read);
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
