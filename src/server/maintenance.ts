import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from './db/client';
import { tablesOf } from './db/schema';
import type { AppDeps } from './depsTypes';

/**
 * Housekeeping on a timer: rows that only mattered for a while are deleted, so tables (and the lookups the
 * sign-in limits make on every attempt) stay small however long the server runs.
 */

/** Sign-in attempts are kept well past the 15-minute window, for the operator's curiosity. */
export const KEEP_SIGN_IN_ATTEMPTS_MS = 24 * 60 * 60 * 1000;

/** A finished streamed answer stays readable this long for a client re-subscribing on any instance (decision 006). */
export const KEEP_FINISHED_CHAT_TURNS_MS = 2 * 60_000;
/**
 * An unfinished answer row nobody wrote for this long was left by an instance that died and was never followed (a
 * follower would have ended it as interrupted): well past the longest engine timeout (10 minutes) and its margin.
 */
export const KEEP_ABANDONED_CHAT_TURNS_MS = 60 * 60_000;

export interface MaintenanceResult {
  expiredSessions: number;
  oldSignInAttempts: number;
  spentCaptchaTokens: number;
  oldChatTurns: number;
}

export async function runMaintenance(db: Db, now: number): Promise<MaintenanceResult> {
  const { chatTurns, sessions, signInAttempts, usedCaptchaTokens } = tablesOf(db);
  // Lucia stores session expiry in seconds.
  const expiredSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, Math.floor(now / 1000)))
    .returning({ id: sessions.id });
  const oldSignInAttempts = await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.createdAt, now - KEEP_SIGN_IN_ATTEMPTS_MS))
    .returning({ id: signInAttempts.id });
  // A spent token only has to be remembered until it expires; after that it is refused as expired anyway.
  const spentCaptchaTokens = await db
    .delete(usedCaptchaTokens)
    .where(lt(usedCaptchaTokens.expiresAt, now))
    .returning({ nonce: usedCaptchaTokens.nonce });
  const oldChatTurns = await db
    .delete(chatTurns)
    .where(
      or(
        and(eq(chatTurns.done, true), lt(chatTurns.updatedAt, now - KEEP_FINISHED_CHAT_TURNS_MS)),
        lt(chatTurns.updatedAt, now - KEEP_ABANDONED_CHAT_TURNS_MS),
      ),
    )
    .returning({ requestId: chatTurns.requestId });
  return {
    expiredSessions: expiredSessions.length,
    oldSignInAttempts: oldSignInAttempts.length,
    spentCaptchaTokens: spentCaptchaTokens.length,
    oldChatTurns: oldChatTurns.length,
  };
}

export interface Maintenance {
  stop(): void;
  /** The run in progress, if any, settled (never rejects): what a test or a closing server waits for. */
  idle(): Promise<void>;
}

/**
 * Runs at once and then every `everyMs`; started when the server is ready, stopped when it closes (app.ts). A tick
 * that finds the previous run still going skips, so runs never pile up behind a slow database. With several
 * instances on one database, only the one leading the job runs it.
 */
export function startMaintenance(deps: Pick<AppDeps, 'db' | 'dbHandle' | 'now' | 'log'>, everyMs: number): Maintenance {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = async () => {
    try {
      // One instance at a time does the housekeeping (the others would only find nothing left to delete).
      if (!(await deps.dbHandle.leads('maintenance'))) return;
      const result = await runMaintenance(deps.db, deps.now());
      if (result.expiredSessions + result.oldSignInAttempts + result.spentCaptchaTokens + result.oldChatTurns > 0) {
        deps.log.debug(result, 'maintenance: deleted old rows');
      }
    } catch (err) {
      if (!stopped) deps.log.warn({ err }, 'maintenance failed; will try again');
    }
  };
  const tick = () => {
    if (running || stopped) return;
    running = run().finally(() => (running = null));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
    idle: () => running ?? Promise.resolve(),
  };
}
