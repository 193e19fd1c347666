/**
 * Generated from src/server/db/tables/auth.ts by scripts/gen-pg-tables.ts: do not edit. Change the SQLite table, run
 * `npm run db:pg-tables`, then `npm run db:generate:pg`. Column types: scripts/lib/pgColumnTypes.ts.
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
 * Lucia's session table; lucia's drizzle adapter stores expiry as a timestamp in seconds. `id` is the SHA-256 (hex)
 * of the session id, never the id itself, which only the browser's cookie carries (modules/auth/sessionStore.ts).
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
