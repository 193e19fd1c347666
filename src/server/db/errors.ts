/**
 * "users.email" when `error` is a unique-constraint violation on that column, on either engine; otherwise null.
 * Looks through drizzle's error wrapper. SQLite says `UNIQUE constraint failed: users.email`; PostgreSQL answers
 * code 23505 with the table and a detail of `Key (email)=(…) already exists.`
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const sqlite = /UNIQUE constraint failed: ([\w.]+)/.exec(e.message);
    if (sqlite) return sqlite[1];
    const pg = e as Error & { code?: unknown; table?: unknown; detail?: unknown };
    if (pg.code === '23505' && typeof pg.table === 'string') {
      const column = typeof pg.detail === 'string' ? /^Key \(([\w, ]+)\)=/.exec(pg.detail)?.[1] : undefined;
      return column ? `${pg.table}.${column}` : pg.table;
    }
  }
  return null;
}

/** Set on errors of connecting to the database (postgres.ts tags its pool's): the database could not be reached. */
const UNREACHABLE = Symbol('database unreachable');

/** Tags an error met while connecting to the database; returns it, for `throw markUnreachable(error)`. */
export function markUnreachable<T>(error: T): T {
  if (error instanceof Error) Object.defineProperty(error, UNREACHABLE, { value: true });
  return error;
}

/**
 * SQLSTATEs meaning the server is not there to answer: shutting down or restarting (57P01-57P03), out of connections
 * (53300), any connection exception (class 08); SQLite's file locked by another process past the busy timeout.
 */
const UNAVAILABLE_CODES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300', 'SQLITE_BUSY']);
/** node-postgres' own words for a connection that ended under a query, or a pool that could not hand one out. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * Whether `error` (or anything it wraps: drizzle's query error, tRPC's, an AggregateError's errors) says the
 * database cannot be reached right now, as during a PostgreSQL outage or restart: the request may succeed if tried
 * again shortly (503), unlike a failed query (500). Network errors count only when the database's own pool tagged
 * them, so a model server or a market provider that is down is never taken for the database.
 */
export function databaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 8) return false;
  if ((error as Error & { [UNREACHABLE]?: boolean })[UNREACHABLE]) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => databaseUnavailable(e, depth + 1))) return true;
  return databaseUnavailable(error.cause, depth + 1);
}
