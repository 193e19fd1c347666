import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';

/** One conversation with the Financial Agent. */
export const chatConversations = sqliteTable(
  'chat_conversations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('chat_conversations_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * A turn of a conversation. `meta` is JSON for what an assistant answer carries besides its text:
 * annotated figures, sources, tool calls and chart artifacts (forecast graphs).
 */
export const chatMessages = sqliteTable(
  'chat_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    meta: text('meta'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);
