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
