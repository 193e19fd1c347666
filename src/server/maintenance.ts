import { lt } from 'drizzle-orm';
import type { Db } from './db/client';
import { sessions, signInAttempts, usedCaptchaTokens } from './db/schema';
import type { AppDeps } from './depsTypes';

/**
 * Housekeeping on a timer: rows that only mattered for a while are deleted, so tables (and the lookups the
 * sign-in limits make on every attempt) stay small however long the server runs.
 */

/** Sign-in attempts are kept well past the 15-minute window, for the operator's curiosity. */
export const KEEP_SIGN_IN_ATTEMPTS_MS = 24 * 60 * 60 * 1000;

export interface MaintenanceResult {
  expiredSessions: number;
  oldSignInAttempts: number;
  spentCaptchaTokens: number;
}

export function runMaintenance(db: Db, now: number): MaintenanceResult {
  return {
    // Lucia stores session expiry in seconds.
    expiredSessions: db
      .delete(sessions)
      .where(lt(sessions.expiresAt, Math.floor(now / 1000)))
      .run().changes,
    oldSignInAttempts: db
      .delete(signInAttempts)
      .where(lt(signInAttempts.createdAt, now - KEEP_SIGN_IN_ATTEMPTS_MS))
      .run().changes,
    // A spent token only has to be remembered until it expires; after that it is refused as expired anyway.
    spentCaptchaTokens: db.delete(usedCaptchaTokens).where(lt(usedCaptchaTokens.expiresAt, now)).run().changes,
  };
}

export interface Maintenance {
  stop(): void;
}

/** Runs at once and then every `everyMs`; started when the server is ready, stopped when it closes (app.ts). */
export function startMaintenance(deps: Pick<AppDeps, 'db' | 'now' | 'log'>, everyMs: number): Maintenance {
  const tick = () => {
    try {
      const result = runMaintenance(deps.db, deps.now());
      if (result.expiredSessions + result.oldSignInAttempts + result.spentCaptchaTokens > 0) {
        deps.log.debug(result, 'maintenance: deleted old rows');
      }
    } catch (err) {
      deps.log.warn({ err }, 'maintenance failed; will try again');
    }
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
