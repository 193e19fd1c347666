/**
 * Generated from src/server/db/tables/notifications.ts by scripts/gen-pg-tables.ts: do not edit. Change the SQLite table, run
 * `npm run db:pg-tables`, then `npm run db:generate:pg`. Column types: scripts/lib/pgColumnTypes.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A user's notifications (the notification centre; modules/notifications). The id grows with every row, so it is the
 * list's cursor and the tracked event id a reconnecting live feed resumes from. Only the newest
 * NOTIFICATIONS_KEPT_PER_USER are kept: the insert's transaction deletes older ones.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What raised it ('alert', 'system', ...): the client picks an icon; never shown as text. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path on this site ('/trading?symbol=AAPL'), opened when the notification is clicked. */
    link: text('link'),
    /** JSON for the client (an alert's id and symbol, ...); small, never rendered as HTML. */
    data: text('data'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    readAt: bigint('read_at', { mode: 'number' }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The unread count touches only unread rows.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
  ],
);

/**
 * How a user wants to be reached when `notify` is not told the channels. No row means the defaults: in-app (always),
 * web push when a device of theirs is subscribed, no e-mail.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  push: boolean('push').notNull().default(true),
  email: boolean('email').notNull().default(false),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/**
 * One row per browser (device) subscribed to web push, bound to the user who subscribed it last. The endpoint is the
 * push service's URL for that browser (unique: one subscription per device); `p256dh` and `auth` are the browser's
 * keys the payload is encrypted to. A row the push service answers 404 or 410 for is deleted.
 */
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

/**
 * Keys the server makes once and every instance shares (the web push VAPID key pair when the settings give none),
 * created with an insert that does nothing when another instance was first. `value` is JSON.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
