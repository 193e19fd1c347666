import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
    index('direct_messages_unread_idx').on(t.receiverId, t.senderId).where(sql`read_at is null`),
  ],
);
