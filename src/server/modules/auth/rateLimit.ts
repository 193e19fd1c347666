import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInAttempts } from '../../db/schema';
import { appError } from '../../trpc/errors';
import { AUTH_MESSAGES } from './messages';

/** Thresholds for sign-in and registration attempts, all over a sliding 15-minute window. */
export const SIGN_IN_POLICY = {
  windowMs: 15 * 60 * 1000,
  /** Failed attempts for one email (since its last success) before a captcha is asked for. */
  captchaAfterEmailFailures: 3,
  /** Failed attempts from one address before a captcha is asked for. */
  captchaAfterIpFailures: 10,
  /**
   * Failed attempts before further ones are refused with 429. Successes do not count, so many people
   * behind one address (an office, a school) can all sign in; guessing is what gets slowed down.
   */
  maxFailuresPerIp: 20,
  maxFailuresPerEmail: 10,
} as const;

/** How long attempt rows are kept (far beyond the window, for the operator's curiosity). */
const KEEP_ATTEMPTS_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const lastPrune = new WeakMap<Db, number>();

export interface AttemptTicket {
  attemptId: number;
  /** True when earlier failures mean this attempt must come with a solved captcha. */
  captchaRequired: boolean;
}

interface AttemptKey {
  email: string;
  ip: string;
  now: number;
}

/**
 * Admits one sign-in or registration attempt, or refuses it with 429 after too many failures.
 * Counting and recording happen in one synchronous write transaction, so concurrent requests cannot all
 * slip under the limit. The attempt is recorded as failed and only marked a success when it ends well:
 * an attempt still in flight counts as a failure, which errs on the safe side.
 */
export function admitAttempt(db: Db, key: AttemptKey): AttemptTicket {
  pruneOccasionally(db, key.now);
  return db.transaction(
    (tx) => {
      const txDb = tx as unknown as Db;
      const counts = countWindow(txDb, key);
      if (counts.ipFailures >= SIGN_IN_POLICY.maxFailuresPerIp || counts.emailFailures >= SIGN_IN_POLICY.maxFailuresPerEmail) {
        throw appError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyAttempts);
      }
      const inserted = tx
        .insert(signInAttempts)
        .values({ email: key.email, ip: key.ip, succeeded: false, createdAt: key.now })
        .returning({ id: signInAttempts.id })
        .get();
      return { attemptId: inserted.id, captchaRequired: needsCaptcha(counts) };
    },
    { behavior: 'immediate' },
  );
}

export function markAttemptSucceeded(db: Db, attemptId: number): void {
  db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId)).run();
}

/**
 * Whether the failures recorded so far (this attempt's included) reach the captcha threshold, so a failed
 * answer can ask for the captcha at once instead of on the next try.
 */
export function captchaNowRequired(db: Db, key: AttemptKey): boolean {
  return needsCaptcha(countWindow(db, key));
}

interface WindowCounts {
  ipFailures: number;
  emailFailures: number;
  /** A successful sign-in proves the owner is back, so only the email's failures after it count. */
  emailFailuresSinceSuccess: number;
}

function needsCaptcha(c: WindowCounts): boolean {
  return (
    c.emailFailuresSinceSuccess >= SIGN_IN_POLICY.captchaAfterEmailFailures ||
    c.ipFailures >= SIGN_IN_POLICY.captchaAfterIpFailures
  );
}

function countWindow(db: Db, { email, ip, now }: AttemptKey): WindowCounts {
  const inWindow = gt(signInAttempts.createdAt, now - SIGN_IN_POLICY.windowMs);
  const isFailure = sql`${signInAttempts.succeeded} = 0`;
  const byIp = db
    .select({
      failures: sql<number>`coalesce(sum(case when ${isFailure} then 1 else 0 end), 0)`,
    })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ip, ip), inWindow))
    .get();
  // Ids grow with time, so "after the last success" is "id above the last successful id" (even within one ms).
  const byEmail = db
    .select({
      failures: sql<number>`coalesce(sum(case when ${isFailure} then 1 else 0 end), 0)`,
      failuresSinceSuccess: sql<number>`coalesce(sum(case when ${isFailure} and ${signInAttempts.id} > (
        select coalesce(max(s.id), 0) from ${signInAttempts} s
        where s.email = ${email} and s.succeeded = 1 and s.created_at > ${now - SIGN_IN_POLICY.windowMs}
      ) then 1 else 0 end), 0)`,
    })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.email, email), inWindow))
    .get();
  return {
    ipFailures: Number(byIp?.failures ?? 0),
    emailFailures: Number(byEmail?.failures ?? 0),
    emailFailuresSinceSuccess: Number(byEmail?.failuresSinceSuccess ?? 0),
  };
}

function pruneOccasionally(db: Db, now: number): void {
  if (now - (lastPrune.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now);
  db.delete(signInAttempts).where(lt(signInAttempts.createdAt, now - KEEP_ATTEMPTS_MS)).run();
}
