import { is, sql } from 'drizzle-orm';
import { PgDatabase } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/**
 * A write transaction in which a check and the write it allows cannot interleave with another request doing the
 * same, on either engine. `keys` name what is being decided (e.g. `friends:${a}:${b}`, sorted by the caller when
 * two orders are possible is unnecessary: they are sorted here). SQLite runs one transaction at a time (BEGIN
 * IMMEDIATE behind the transaction gate), so the keys cost nothing there; PostgreSQL's default isolation lets two
 * transactions read the same rows at once, so each key takes a transaction-scoped advisory lock first, released at
 * COMMIT or ROLLBACK, whatever instance the other request runs on.
 */
export function exclusiveTransaction<T>(db: Db, keys: readonly string[], work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const sorted = [...new Set(keys)].sort();
    if (is(handle, PgDatabase) && sorted.length > 0) {
      // One round trip for every key, taken in sorted order (so two transactions never wait on each other crosswise).
      const locks = sql.join(
        sorted.map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`),
        sql`, `,
      );
      await (handle as unknown as PgDatabase<never>).execute(sql`select ${locks}`);
    }
    return work(handle);
  });
}
