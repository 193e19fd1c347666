import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { RESET_LINK_INVALID, RESET_LINK_MINUTES, type ResetPasswordInput } from '../../../shared/schemas/account';
import { sha256Hex } from '../../crypto/sha256';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../depsTypes';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import { appError } from '../../errors/appError';
import { refuseCommonPassword, type AuthDeps } from './service';
import { endUserSessions } from './sessionEnd';
import { findUserByEmail, updatePasswordHash, type UserRow } from './users';

/**
 * Password resets without a mail server: the operator runs `npm run user -- reset-password EMAIL`, which prints a
 * one-time link, and hands it to the person.
 *
 * The link's token is a selector (16 random bytes, the row's key) followed by a verifier (32 random bytes) of which
 * only the SHA-256 is stored. The form (`POST /api/auth/reset-password`) needs no sign-in, so it is built to cost
 * nothing to abuse (issue 26: 994 made-up tokens, each hashed with argon2 before it was looked at, pushed other
 * people's sign-ins from 24 ms to 3.3 s):
 * - every attempt counts against its address (RESET_ATTEMPTS.perAddress) and, when the token is well formed, its
 *   link (RESET_ATTEMPTS.perLink); past either, 429;
 * - the token is checked first (a lookup by selector and a constant-time comparison of the verifier's hash), so a
 *   bad one costs a SHA-256 and one indexed read;
 * - only then is the new password judged and hashed; the link is spent atomically after the hash, so a refused or
 *   common password leaves it usable, and two racing requests cannot both use it.
 */

const RESET_LINK_MS = RESET_LINK_MINUTES * 60_000;
const SELECTOR_BYTES = 16;
const VERIFIER_BYTES = 32;
/** base64url lengths of the two parts (no padding). */
const SELECTOR_CHARS = Math.ceil((SELECTOR_BYTES * 4) / 3);
const VERIFIER_CHARS = Math.ceil((VERIFIER_BYTES * 4) / 3);
const TOKEN_SHAPE = new RegExp(`^[A-Za-z0-9_-]{${SELECTOR_CHARS + VERIFIER_CHARS}}$`);

/**
 * How many reset attempts are taken, in 15 minutes: per address (someone with a link needs one or two; a guesser
 * gains nothing from 10) and per link (a few retries with a refused password; each accepted one costs an argon2 hash).
 * Counted across instances on PostgreSQL (db/rateLimits.ts).
 */
export const RESET_ATTEMPTS = {
  windowMs: 15 * 60_000,
  perAddress: 10,
  perLink: 5,
} as const;

export const RESET_MESSAGES = {
  tooManyFromAddress: 'Too many password reset attempts from your network. Please wait 15 minutes and try again.',
  tooManyForLink: 'Too many attempts with this reset link. Please wait 15 minutes, or ask for a new link.',
} as const;

export type ResetDeps = AuthDeps & Pick<AppDeps, 'passwordResetBudgets'>;

/** A fresh token for the account (any older one stops working), or null when no account has the email. */
export async function issueResetToken(
  db: Db,
  email: string,
  now: number,
): Promise<{ token: string; user: UserRow; expiresAt: number } | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const selector = randomBytes(SELECTOR_BYTES).toString('base64url');
  const verifier = randomBytes(VERIFIER_BYTES).toString('base64url');
  const expiresAt = now + RESET_LINK_MS;
  await db.transaction(async (tx) => {
    const { passwordResetTokens } = tablesOf(tx);
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx
      .insert(passwordResetTokens)
      .values({ selector, verifierHash: sha256Hex(verifier), userId: user.id, expiresAt, createdAt: now });
  });
  return { token: selector + verifier, user, expiresAt };
}

interface ParsedToken {
  selector: string;
  verifierHash: string;
}

/** The two parts of a token as it was printed, or null for anything no link could hold. */
function parseToken(token: string): ParsedToken | null {
  if (!TOKEN_SHAPE.test(token)) return null;
  return { selector: token.slice(0, SELECTOR_CHARS), verifierHash: sha256Hex(token.slice(SELECTOR_CHARS)) };
}

/** Equal hex digests, compared in constant time. */
function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The account a live, unspent link is for; the link itself is left as it is. */
async function accountOfLink(db: Db, token: ParsedToken, now: number): Promise<string | null> {
  const { passwordResetTokens } = tablesOf(db);
  const row = await first(
    db.select().from(passwordResetTokens).where(eq(passwordResetTokens.selector, token.selector)).limit(1),
  );
  if (!row || !sameDigest(row.verifierHash, token.verifierHash) || row.expiresAt <= now) return null;
  return row.userId;
}

/** Spends the link: true for the one request that deletes its row (a link works once, even when requests race). */
async function spendLink(db: Db, token: ParsedToken): Promise<boolean> {
  const { passwordResetTokens } = tablesOf(db);
  const spent = await db
    .delete(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.selector, token.selector), eq(passwordResetTokens.verifierHash, token.verifierHash)),
    )
    .returning({ selector: passwordResetTokens.selector });
  return spent.length === 1;
}

/** Sets the new password and signs the account out everywhere; the person then signs in with it. */
export async function resetPassword(
  deps: ResetDeps,
  input: ResetPasswordInput,
  ip: string,
): Promise<{ message: string }> {
  if (!(await deps.passwordResetBudgets.perAddress.take(ip)))
    throw appError('TOO_MANY_REQUESTS', RESET_MESSAGES.tooManyFromAddress);
  const token = parseToken(input.token);
  if (!token) throw appError('BAD_REQUEST', RESET_LINK_INVALID);
  if (!(await deps.passwordResetBudgets.perLink.take(token.selector)))
    throw appError('TOO_MANY_REQUESTS', RESET_MESSAGES.tooManyForLink);
  const userId = await accountOfLink(deps.db, token, deps.now());
  if (!userId) throw appError('BAD_REQUEST', RESET_LINK_INVALID);
  // Judged after the link and before it is spent: a refused password leaves the link usable.
  refuseCommonPassword(input.newPassword);
  const passwordHash = await deps.passwords.hash(input.newPassword);
  if (!(await spendLink(deps.db, token))) throw appError('BAD_REQUEST', RESET_LINK_INVALID);
  await updatePasswordHash(deps.db, userId, passwordHash);
  await endUserSessions(deps, userId);
  return { message: 'Your password has been reset. Sign in with your new password.' };
}
