import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RESET_LINK_INVALID, RESET_LINK_MINUTES, type ResetPasswordInput } from '../../../shared/schemas/account';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { passwordResetTokens } from '../../db/schema';
import { appError } from '../../errors/appError';
import { refuseCommonPassword, type AuthDeps } from './service';
import { endUserSessions } from './sessionEnd';
import { findUserByEmail, updatePasswordHash, type UserRow } from './users';

/**
 * Password resets without a mail server: the operator runs `npm run user -- reset-password EMAIL`, which prints a
 * one-time link, and hands it to the person. Only the token's hash is stored.
 */

const RESET_LINK_MS = RESET_LINK_MINUTES * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh token for the account (any older one stops working), or null when no account has the email. */
export async function issueResetToken(
  db: Db,
  email: string,
  now: number,
): Promise<{ token: string; user: UserRow; expiresAt: number } | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  // 256 random bits: guessing one within 30 minutes is out of reach, so the form needs no rate limit of its own.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + RESET_LINK_MS;
  await db.transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx
      .insert(passwordResetTokens)
      .values({ tokenHash: hashOf(token), userId: user.id, expiresAt, createdAt: now });
  });
  return { token, user, expiresAt };
}

/** The user the token is for, spending it: a link works once, even when two requests race with it. */
async function spendToken(db: Db, token: string, now: number): Promise<string | null> {
  const row = await first(
    db
      .delete(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashOf(token)))
      .returning(),
  );
  if (!row || row.expiresAt <= now) return null;
  return row.userId;
}

/** Sets the new password and signs the account out everywhere; the person then signs in with it. */
export async function resetPassword(deps: AuthDeps, input: ResetPasswordInput): Promise<{ message: string }> {
  // Checked before the token is spent, so a refused password leaves the link usable.
  refuseCommonPassword(input.newPassword);
  const passwordHash = await deps.passwords.hash(input.newPassword);
  const userId = await spendToken(deps.db, input.token, deps.now());
  if (!userId) throw appError('BAD_REQUEST', RESET_LINK_INVALID);
  await updatePasswordHash(deps.db, userId, passwordHash);
  await endUserSessions(deps, userId);
  return { message: 'Your password has been reset. Sign in with your new password.' };
}
