import { and, eq, ne } from 'drizzle-orm';
import { generateIdFromEntropySize } from 'lucia';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import type { users } from '../../db/sqliteSchema';
import { sessionIdHash } from '../../crypto/sha256';
import { randomUsername } from './username';

/** Account rows in and out of the database. Emails are stored lower-cased: that is what makes them unique case-insensitively. */

export type UserRow = typeof users.$inferSelect;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { users } = tablesOf(db);
  return first(
    db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(email)))
      .limit(1),
  );
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const { users } = tablesOf(db);
  return first(db.select().from(users).where(eq(users.id, id)).limit(1));
}

export class EmailTakenError extends Error {
  constructor() {
    super('email already registered');
  }
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  createdAt: number;
}

/**
 * Inserts the user with a fresh random username (never derived from the email, see username.ts). Two accounts may
 * draw the same one (1 in 1.4 million per pair); the loser of that draw simply draws again.
 */
export async function insertUser(db: Db, input: NewUser): Promise<UserRow> {
  const { users } = tablesOf(db);
  const email = normalizeEmail(input.email);
  for (let attempt = 0; ; attempt++) {
    const row: UserRow = {
      id: generateIdFromEntropySize(10),
      email,
      username: randomUsername(),
      firstName: input.firstName,
      lastName: input.lastName,
      displayName: displayNameOf(input.firstName, input.lastName),
      profileImageUrl: null,
      passwordHash: input.passwordHash,
      plan: 'free',
      banned: false,
      createdAt: input.createdAt,
    };
    try {
      // A drawn username already taken is skipped, not raised: a failed statement would abort a surrounding
      // PostgreSQL transaction (the bench's seed), and the next draw is as good.
      const inserted = await db
        .insert(users)
        .values(row)
        .onConflictDoNothing({ target: users.username })
        .returning({ id: users.id });
      if (inserted.length === 1) return row;
      if (attempt >= 5) throw new Error('no free username after 6 draws');
    } catch (error) {
      if (uniqueViolation(error) === 'users.email') throw new EmailTakenError();
      throw error;
    }
  }
}

export class UsernameTakenError extends Error {
  constructor() {
    super('username already taken');
  }
}

/** Sets a chosen username (already checked against the rules); the unique index decides who gets a name first. */
export async function updateUsername(db: Db, id: string, username: string): Promise<UserRow | undefined> {
  const { users } = tablesOf(db);
  try {
    return await first(db.update(users).set({ username }).where(eq(users.id, id)).returning());
  } catch (error) {
    if (uniqueViolation(error) === 'users.username') throw new UsernameTakenError();
    throw error;
  }
}

export function displayNameOf(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}

export async function updateUserProfile(
  db: Db,
  id: string,
  profile: { firstName: string; lastName: string; profileImageUrl: string | null },
): Promise<UserRow | undefined> {
  const { users } = tablesOf(db);
  return first(
    db
      .update(users)
      .set({ ...profile, displayName: displayNameOf(profile.firstName, profile.lastName) })
      .where(eq(users.id, id))
      .returning(),
  );
}

export async function updatePasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  const { users } = tablesOf(db);
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** Signs the user out everywhere except the session making the request. */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<void> {
  const { sessions } = tablesOf(db);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, sessionIdHash(keepSessionId))));
}

/**
 * Sets or clears the banned flag. Sessions are kept on purpose: the signed-in browser then learns of the ban
 * on its next call (403 { banned: true }) and shows the banned screen instead of silently signing out.
 */
export async function setBannedByEmail(db: Db, email: string, banned: boolean): Promise<UserRow | undefined> {
  const { users } = tablesOf(db);
  return first(
    db
      .update(users)
      .set({ banned })
      .where(eq(users.email, normalizeEmail(email)))
      .returning(),
  );
}

/**
 * Removes the account and, through the foreign keys' ON DELETE CASCADE, every row it owns: sessions, portfolios
 * with their holdings and shared links, chat conversations and their messages, direct messages sent and received,
 * friend requests either way, usage counts and reset links. Its sign-in attempts (kept by email) go too.
 */
export async function deleteUser(db: Db, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  await db.transaction(async (tx) => {
    const { signInAttempts, users } = tablesOf(tx);
    await tx.delete(signInAttempts).where(eq(signInAttempts.email, user.email));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
