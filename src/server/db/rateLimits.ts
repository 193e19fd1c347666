import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { DbHandle } from './database';

/**
 * Rate limits (events per window) on rate-limiter-flexible, so the services never know the engine:
 * - `shared: true`: a per-user budget that must hold however many instances serve the user. On PostgreSQL it is
 *   counted in the database (RateLimiterPostgres on the handle's pool: one atomic upsert per event, so requests
 *   arriving at once on several instances cannot slip past it); on SQLite there is one server per file, so process
 *   memory is the whole truth.
 * - `shared: false`: a budget of something that lives in one process (a socket, a connection): always in memory.
 *
 * Windows are fixed, as the library counts them: `points` events from the first one, then a fresh window after
 * `durationMs`. A burst straddling two windows may therefore reach twice `points`, which is fine for what these
 * protect (load, not money; money-like limits such as daily usage are counted as rows, see decision 013).
 *
 * The PostgreSQL table (`rate_limits`: key, points, expire) is the library's own: it creates it with
 * CREATE TABLE IF NOT EXISTS when the first limiter starts (instances starting together are handled by the library)
 * and deletes rows expired for an hour every five minutes. It is not in our drizzle schema on purpose: that schema
 * must describe the same tables on both engines (tests/unit/schemaDialects.test.ts), and the library documents no
 * schema of its own for `tableCreated: true`, so its CREATE statement stays the one source of the table's shape.
 */
export interface RateLimiter {
  /** Counts one event for `key`: true when it is within the limit, false when refused. Rejects only on a store error. */
  take(key: string): Promise<boolean>;
}

export interface RateLimitOptions {
  /** Names the limit; keys of different limits never meet (one table holds them all on PostgreSQL). */
  keyPrefix: string;
  /** Events allowed per window. */
  points: number;
  durationMs: number;
  /** Whether the limit must hold across instances (see above). */
  shared: boolean;
}

const TABLE = 'rate_limits';

export function createRateLimiter(handle: Pick<DbHandle, 'pool'>, options: RateLimitOptions): RateLimiter {
  const base = { keyPrefix: options.keyPrefix, points: options.points, duration: options.durationMs / 1000 };
  if (!options.shared || !handle.pool) return limiterOn(new RateLimiterMemory(base), null);
  const pool = handle.pool;
  let limiter: RateLimiterPostgres | undefined;
  // The library creates its table asynchronously and refuses to count until then: every take waits for it. A
  // failure is kept in the promise (and reported by each take) rather than thrown where nobody catches it.
  const ready = new Promise<void>((resolve, reject) => {
    limiter = new RateLimiterPostgres({ ...base, storeClient: pool, storeType: 'pool', tableName: TABLE }, (err) =>
      err ? reject(err) : resolve(),
    );
  });
  ready.catch(() => undefined);
  return limiterOn(limiter!, ready);
}

/** `ready`: the store's table, when there is one to wait for; in memory the event is counted at the call itself. */
function limiterOn(limiter: RateLimiterAbstract, ready: Promise<void> | null): RateLimiter {
  const consume = (key: string) =>
    limiter.consume(key).then(
      () => true,
      (refusal: unknown) => {
        // The library rejects with its result when the points are spent, and with an Error when the store failed.
        if (refusal instanceof RateLimiterRes) return false;
        throw refusal;
      },
    );
  return { take: (key) => (ready ? ready.then(() => consume(key)) : consume(key)) };
}
