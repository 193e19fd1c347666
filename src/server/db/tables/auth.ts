import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Accounts, sessions and what guards sign-in. Times are UTC milliseconds unless a column says otherwise. */

export const users = sqliteTable('users', {
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
  banned: integer('banned', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull(),
});

/**
 * Lucia's session table; lucia's drizzle adapter stores expiry as a timestamp in seconds. `id` is the SHA-256 (hex)
 * of the session id, never the id itself, which only the browser's cookie carries (modules/auth/sessionStore.ts).
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Every sign-in, registration and current-password check, read back for captcha thresholds and rate limits.
 * `kind` keeps registrations apart: a registration with someone's email is not a failed sign-in for it.
 */
export const signInAttempts = sqliteTable(
  'sign_in_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['sign-in', 'register', 'password-change'] })
      .notNull()
      .default('sign-in'),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: integer('succeeded', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('attempts_email_idx').on(t.email, t.createdAt), index('attempts_ip_idx').on(t.ip, t.createdAt)],
);

/** Captcha tokens already spent; the primary key makes "works once" hold under concurrent requests. */
export const usedCaptchaTokens = sqliteTable('used_captcha_tokens', {
  nonce: text('nonce').primaryKey(),
  expiresAt: integer('expires_at').notNull(),
});

/**
 * One-time password reset links made by the operator command (there is no mail server). A link's token is a public
 * `selector` (the row's key) and a secret verifier, of which only the SHA-256 is kept: a copy of the database cannot
 * be used to reset anyone's password, and the secret is compared in constant time, never by an index lookup. A link
 * works once, for 30 minutes, and a newer link for the same account replaces it.
 */
export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    selector: text('selector').primaryKey(),
    verifierHash: text('verifier_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
