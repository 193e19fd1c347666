/**
 * Generated from src/server/db/tables/social.ts by scripts/gen-pg-tables.ts: do not edit. Change the SQLite table, run
 * `npm run db:pg-tables`, then `npm run db:generate:pg`. Column types: scripts/lib/pgColumnTypes.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A friendship is an accepted request, in either direction. */
export const friendRequests = pgTable(
  'friend_requests',
  {
    id: text('id').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('friend_requests_receiver_idx').on(t.receiverId, t.status),
    index('friend_requests_sender_idx').on(t.senderId, t.status),
  ],
);

/**
 * Direct messages. The id grows with every message, so it doubles as the cursor for pages and as the
 * tracked event id a reconnecting client resumes from.
 */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type', { enum: ['text', 'insight'] }).notNull(),
    /** JSON; insights carry { question, generatedAt } (and the answer's sources). */
    metadata: text('metadata'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    readAt: bigint('read_at', { mode: 'number' }),
  },
  (t) => [
    index('direct_messages_receiver_idx').on(t.receiverId, t.id),
    index('direct_messages_pair_idx').on(t.senderId, t.receiverId, t.id),
    // A sender's recent messages: the per-minute limit and a user's own messages in the live feed.
    index('direct_messages_sender_idx').on(t.senderId, t.id),
    // Unread counts per friend touch only unread rows.
    index('direct_messages_unread_idx')
      .on(t.receiverId, t.senderId)
      .where(sql`read_at is null`),
  ],
);

/**
 * Who blocked whom. A block ends the friendship and hides the two from each other both ways: search rows, friend
 * requests and messages answer as for a stranger.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

/**
 * Friend requests nobody will see: to an address without an account, a banned one, or across a block. They are
 * stored like real ones so the sender's answer, its repeat (409) and the hourly limit are the same either way: a
 * request cannot be used to learn whether an address has an account. The target is kept only as a SHA-256 of the
 * normalised address or of the account id, never in clear.
 */
export const unseenFriendRequests = pgTable(
  'unseen_friend_requests',
  {
    id: text('id').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetHash: text('target_hash').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('unseen_friend_requests_sender_idx').on(t.senderId, t.createdAt),
    index('unseen_friend_requests_target_idx').on(t.senderId, t.targetHash),
  ],
);
