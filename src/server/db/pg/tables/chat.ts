/**
 * Generated from src/server/db/tables/chat.ts by scripts/gen-pg-tables.ts: do not edit. Change the SQLite table, run
 * `npm run db:pg-tables`, then `npm run db:generate:pg`. Column types: scripts/lib/pgColumnTypes.ts.
 */
import { bigint, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** One conversation with the Financial Agent. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('chat_conversations_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * A turn of a conversation. `meta` is JSON for what an assistant answer carries besides its text:
 * annotated figures, sources, tool calls and chart artifacts (forecast graphs).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    meta: text('meta'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);

/**
 * A streamed answer (chat.send) as the instance running it records it, so a client whose websocket reconnects to
 * another instance follows the same answer by request id (decision 006, amended for issue 20). `events` holds the
 * events so far, one JSON text a line (a line's index is the tracked event id), appended in batches; `event_count`
 * says how many, so an append is never applied twice. `failure` is the error the answer ended with, as JSON of its
 * code and client-visible body. Deleted by maintenance once finished a while.
 */
export const chatTurns = pgTable(
  'chat_turns',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    events: text('events').notNull(),
    eventCount: integer('event_count').notNull().default(0),
    done: boolean('done').notNull().default(false),
    failure: text('failure'),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] }), index('chat_turns_updated_idx').on(t.updatedAt)],
);
