import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';

/** A friendship is an accepted request, in either direction. */
export const friendRequests = sqliteTable(
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
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
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
export const directMessages = sqliteTable(
  'direct_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    createdAt: integer('created_at').notNull(),
    readAt: integer('read_at'),
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
export const userBlocks = sqliteTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

/**
 * Friend requests nobody will see: to an address without an account, a banned one, or across a block. They are
 * stored like real ones so the sender's answer, its repeat (409) and the hourly limit are the same either way: a
 * request cannot be used to learn whether an address has an account. The target is kept only as a SHA-256 of the
 * normalised address or of the account id, never in clear.
 */
export const unseenFriendRequests = sqliteTable(
  'unseen_friend_requests',
  {
    id: text('id').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetHash: text('target_hash').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('unseen_friend_requests_sender_idx').on(t.senderId, t.createdAt),
    index('unseen_friend_requests_target_idx').on(t.senderId, t.targetHash),
  ],
);
