import type { Db } from '../../db/client';
import { findUserByEmail, setBannedByEmail, type UserRow } from './users';

export type BanOutcome = { kind: 'unknown-email' } | { kind: 'changed' | 'unchanged'; user: UserRow };

/** The operator's ban / unban (scripts/user.ts); tests use the same function. */
export async function setBanned(db: Db, email: string, banned: boolean): Promise<BanOutcome> {
  const before = await findUserByEmail(db, email);
  if (!before) return { kind: 'unknown-email' };
  if (before.banned === banned) return { kind: 'unchanged', user: before };
  const user = await setBannedByEmail(db, email, banned);
  return user ? { kind: 'changed', user } : { kind: 'unknown-email' };
}
