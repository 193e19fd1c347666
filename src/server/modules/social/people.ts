import { and, eq } from 'drizzle-orm';
import type { SocialPerson } from '../../../shared/social/types';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf, type Tables } from '../../db/schema';
import type { users } from '../../db/sqliteSchema';
import { normalizeEmail } from '../auth/users';

/** People as the social hub sees them, and finding the one a friend request names. */

type PersonRow = Pick<
  typeof users.$inferSelect,
  'id' | 'username' | 'firstName' | 'lastName' | 'displayName' | 'profileImageUrl'
>;

/** The columns a SocialPerson is made of, for selects on the handle whose `users` table is given. */
export const personColumns = (users: Tables['users']) => ({
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
  profileImageUrl: users.profileImageUrl,
});

/** Only the public fields: a row may carry more (email, hashes) and must not leak it by accident. */
export function toSocialPerson(row: PersonRow): SocialPerson {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: row.displayName,
    profileImageUrl: row.profileImageUrl,
  };
}

/**
 * The account a friend request names: `handle` is an email (exact, any case) or a username (exact, any case).
 * Banned accounts are as absent as missing ones.
 */
export async function findPersonByHandle(db: Db, handle: string): Promise<(PersonRow & { email: string }) | undefined> {
  const { users } = tablesOf(db);
  const value = handle.trim();
  const match = isEmailHandle(value) ? eq(users.email, normalizeEmail(value)) : eq(users.username, value.toLowerCase());
  return first(
    db
      .select({ ...personColumns(users), email: users.email })
      .from(users)
      .where(and(match, eq(users.banned, false)))
      .limit(1),
  );
}

/** Usernames never hold an @, so a handle with one is an email. */
export const isEmailHandle = (handle: string) => handle.includes('@');

export const iso = (ms: number) => new Date(ms).toISOString();
