/**
 * PostgreSQL twin of src/server/db/tables/notifications.ts. This file must stay in step with the SQLite one: same
 * tables, SQL column names, keys, indexes and defaults, and the same TypeScript row types ($inferSelect /
 * $inferInsert). tests/unit/schemaDialects.test.ts checks it. Times are UTC milliseconds in `bigint` columns read as
 * numbers.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** See the SQLite table (tables/notifications.ts). */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    /** JSON text (not jsonb, as on SQLite). */
    data: text('data'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    readAt: bigint('read_at', { mode: 'number' }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
  ],
);

/** See the SQLite table. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  push: boolean('push').notNull().default(true),
  email: boolean('email').notNull().default(false),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/** See the SQLite table. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /**
     * The SHA-256 of the session that subscribed it (decision 018: no session id is stored). Signing out (or signing in over it) ends that session on purpose, and the
     * device stops receiving this user's pushes; a session that merely expires leaves it (alerts still arrive for
     * someone who has not opened the site for a month). Not a foreign key: the session row is gone before the
     * session's end is handled.
     */
    sessionHash: text('session_hash'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId, t.updatedAt),
    index('push_subscriptions_session_idx').on(t.sessionHash),
  ],
);

/** See the SQLite table. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
