import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf, type Tables } from '../../db/schema';
import { exclusiveTransaction } from '../../db/transactions';
import { appError } from '../../errors/appError';
import { AUTH_MESSAGES } from './messages';

/**
 * Limits on sign-ins, registrations and current-password checks, over a sliding 15-minute window.
 * See docs/decisions/003-per-email-limits-never-lock-the-owner-out.md.
 *
 * - An address is limited: 20 failures, or 30 attempts of any outcome (successes included), answer 429.
 * - An email is never refused: its failures only make each further sign-in cost more (a captcha with a proof of
 *   work from 3 failures on, a four times longer proof from 10). The owner, knowing the password and solving
 *   the check, gets in unless their own address is over its limit.
 */
export const SIGN_IN_POLICY = {
  windowMs: 15 * 60 * 1000,
  /** Failed sign-ins for one email (since its last success) before a captcha is asked for. */
  captchaAfterEmailFailures: 3,
  /** Failed sign-ins for one email (since its last success) before the captcha's work is the strong kind. */
  strongCheckAfterEmailFailures: 10,
  /** Failed attempts from one address before a captcha is asked for. */
  captchaAfterIpFailures: 10,
  /** Failed attempts from one address before further ones are refused with 429. */
  maxFailuresPerIp: 20,
  /**
   * Attempts of any outcome from one address before further ones are refused with 429: each one costs an argon2
   * hash, successful or not. Generous, so an office or a school behind one address can all sign in.
   */
  maxAttemptsPerIp: 30,
  /** Wrong current passwords on the password form for one account before that form answers 429. */
  maxPasswordChangeFailures: 10,
} as const;

export type AttemptKind = 'sign-in' | 'register' | 'password-change';

/** What an attempt must bring besides its password: nothing, the captcha, or the captcha with more work. */
export type CheckLevel = 'none' | 'standard' | 'strong';

export interface AttemptTicket {
  attemptId: number;
  check: CheckLevel;
}

export interface AttemptKey {
  kind: AttemptKind;
  email: string;
  ip: string;
  now: number;
}

/**
 * Admits one attempt, or refuses it with 429 when the address (or, on the password form, the account) is over
 * its limit. Counting and recording happen in one exclusive write transaction keyed on the address and the email
 * (what is limited), so concurrent requests cannot all slip under a limit. The attempt is recorded as failed and
 * only marked a success when it ends well: an attempt still in flight counts as a failure, which errs on the safe side.
 */
export async function admitAttempt(db: Db, key: AttemptKey): Promise<AttemptTicket> {
  return exclusiveTransaction(db, [`sign-in-ip:${key.ip}`, `sign-in-email:${key.email}`], async (tx) => {
    const { signInAttempts } = tablesOf(tx);
    const counts = await countWindow(tx, key);
    if (counts.ipAttempts >= SIGN_IN_POLICY.maxAttemptsPerIp) {
      throw appError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyFromAddress);
    }
    if (
      counts.ipFailures >= SIGN_IN_POLICY.maxFailuresPerIp ||
      (key.kind === 'password-change' && counts.passwordChangeFailures >= SIGN_IN_POLICY.maxPasswordChangeFailures)
    ) {
      throw appError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyAttempts);
    }
    const inserted = await first(
      tx
        .insert(signInAttempts)
        .values({ kind: key.kind, email: key.email, ip: key.ip, succeeded: false, createdAt: key.now })
        .returning({ id: signInAttempts.id }),
    );
    if (!inserted) throw new Error('the sign-in attempt was not recorded');
    return { attemptId: inserted.id, check: checkLevel(key.kind, counts) };
  });
}

export async function markAttemptSucceeded(db: Db, attemptId: number): Promise<void> {
  const { signInAttempts } = tablesOf(db);
  await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId));
}

/**
 * The check the next sign-in for this email from this address must bring, counting the failures recorded so far
 * (the current attempt's included): lets a failed sign-in ask for the captcha at once instead of on the next try,
 * and tells the challenge endpoint how much work to ask for.
 */
export async function nextSignInCheck(db: Db, key: Omit<AttemptKey, 'kind'>): Promise<CheckLevel> {
  return checkLevel('sign-in', await countWindow(db, { ...key, kind: 'sign-in' }));
}

interface WindowCounts {
  ipAttempts: number;
  ipFailures: number;
  /** Failed sign-ins and current-password checks for the email since its last success (proof the owner is back). */
  emailFailuresSinceSuccess: number;
  passwordChangeFailures: number;
}

function checkLevel(kind: AttemptKind, c: WindowCounts): CheckLevel {
  // The password form has no captcha (the user is signed in); it is bounded by the 429 limits alone.
  if (kind === 'password-change') return 'none';
  // A registration guesses no password: only its address's failures matter, never the email's.
  const emailFailures = kind === 'sign-in' ? c.emailFailuresSinceSuccess : 0;
  if (emailFailures >= SIGN_IN_POLICY.strongCheckAfterEmailFailures) return 'strong';
  if (
    emailFailures >= SIGN_IN_POLICY.captchaAfterEmailFailures ||
    c.ipFailures >= SIGN_IN_POLICY.captchaAfterIpFailures
  ) {
    return 'standard';
  }
  return 'none';
}

// Functions of the handle's table (db/schema.ts: tablesOf). `= false` / `= true` read the boolean column on both
// engines (SQLite takes TRUE and FALSE as 1 and 0).
const isFailure = (signInAttempts: Tables['signInAttempts']) => sql`${signInAttempts.succeeded} = false`;
/** Attempts that guessed this account's password (registrations did not). */
const guessedPassword = (signInAttempts: Tables['signInAttempts']) =>
  sql`${signInAttempts.kind} in ('sign-in', 'password-change')`;

async function countWindow(db: Db, { email, ip, now }: AttemptKey): Promise<WindowCounts> {
  const { signInAttempts } = tablesOf(db);
  const since = now - SIGN_IN_POLICY.windowMs;
  const inWindow = gt(signInAttempts.createdAt, since);
  const byIp = await first(
    db
      .select({
        attempts: sql<number>`count(*)`.mapWith(Number),
        failures: sql<number>`coalesce(sum(case when ${isFailure(signInAttempts)} then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
      })
      .from(signInAttempts)
      .where(and(eq(signInAttempts.ip, ip), inWindow))
      .limit(1),
  );
  // Ids grow with time, so "after the last success" is "id above the last successful id" (even within one ms).
  const lastSuccess = sql`(
    select coalesce(max(s.id), 0) from ${signInAttempts} s
    where s.email = ${email} and s.succeeded = true and s.kind in ('sign-in', 'password-change') and s.created_at > ${since}
  )`;
  const byEmail = await first(
    db
      .select({
        failuresSinceSuccess:
          sql<number>`coalesce(sum(case when ${isFailure(signInAttempts)} and ${guessedPassword(signInAttempts)} and ${signInAttempts.id} > ${lastSuccess} then 1 else 0 end), 0)`.mapWith(
            Number,
          ),
        passwordChangeFailures:
          sql<number>`coalesce(sum(case when ${isFailure(signInAttempts)} and ${signInAttempts.kind} = 'password-change' and ${signInAttempts.id} > ${lastSuccess} then 1 else 0 end), 0)`.mapWith(
            Number,
          ),
      })
      .from(signInAttempts)
      .where(and(eq(signInAttempts.email, email), inWindow))
      .limit(1),
  );
  return {
    ipAttempts: Number(byIp?.attempts ?? 0),
    ipFailures: Number(byIp?.failures ?? 0),
    emailFailuresSinceSuccess: Number(byEmail?.failuresSinceSuccess ?? 0),
    passwordChangeFailures: Number(byEmail?.passwordChangeFailures ?? 0),
  };
}
