/**
 * PostgreSQL twin of src/server/db/tables/auth.ts. This file must stay in step with the SQLite one: same tables,
 * SQL column names, keys, indexes and defaults, and the same TypeScript row types ($inferSelect / $inferInsert).
 * tests/unit/schemaDialects.test.ts checks it. Times are UTC milliseconds in `bigint` columns read as numbers.
 */
import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Accounts, sessions and what guards sign-in. Times are UTC milliseconds unless a column says otherwise. */

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** Stored lower-cased, which makes the unique constraint case-insensitive. */
  email: text('email').notNull().unique(),
  username: text('username').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  displayName: text('display_name').notNull(),
  profileImageUrl: text('profile_image_url'),
  passwordHash: text('password_hash').notNull(),
  plan: text('plan').notNull().default('free'),
  banned: boolean('banned').notNull().default(false),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/**
 * Lucia's session table. As on SQLite, expiry is a number (seconds since the epoch), not a timestamp column, so the
 * row type is the same on both dialects; lucia's PostgreSQL adapter (which wants a timestamptz) does not fit it.
 * `id` is the SHA-256 (hex) of the session id, never the id itself (see the SQLite table).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Every sign-in, registration and current-password check, read back for captcha thresholds and rate limits.
 * `kind` keeps registrations apart: a registration with someone's email is not a failed sign-in for it.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    // SQLite's INTEGER PRIMARY KEY AUTOINCREMENT; an identity column here (the database numbers rows it is not given).
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: ['sign-in', 'register', 'password-change'] })
      .notNull()
      .default('sign-in'),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('attempts_email_idx').on(t.email, t.createdAt), index('attempts_ip_idx').on(t.ip, t.createdAt)],
);

/** Captcha tokens already spent; the primary key makes "works once" hold under concurrent requests. */
export const usedCaptchaTokens = pgTable('used_captcha_tokens', {
  nonce: text('nonce').primaryKey(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
});

/**
 * One-time password reset links made by the operator command (there is no mail server). A link's token is a public
 * `selector` (the row's key) and a secret verifier, of which only the SHA-256 is kept: a copy of the database cannot
 * be used to reset anyone's password, and the secret is compared in constant time, never by an index lookup. A link
 * works once, for 30 minutes, and a newer link for the same account replaces it.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    selector: text('selector').primaryKey(),
    verifierHash: text('verifier_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
