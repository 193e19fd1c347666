import { is, sql } from 'drizzle-orm';
import { PgDatabase, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { lockedPgTransaction, type PgPoolDb } from './pgLockedTransaction';

/**
 * A write transaction in which a check and the write it allows cannot interleave with another request doing the
 * same, on either engine. `keys` name what is being decided (e.g. `friends:${a}:${b}`, sorted by the caller when
 * two orders are possible is unnecessary: they are sorted here). SQLite runs one transaction at a time (BEGIN
 * IMMEDIATE behind the transaction gate), so the keys cost nothing there; PostgreSQL's default isolation lets two
 * transactions read the same rows at once, so each key takes a transaction-scoped advisory lock first, released at
 * COMMIT or ROLLBACK, whatever instance the other request runs on.
 */
export function exclusiveTransaction<T>(db: Db, keys: readonly string[], work: (tx: Db) => Promise<T>): Promise<T> {
  // Sorted, so two transactions never wait on each other crosswise.
  const sorted = [...new Set(keys)].sort();
  if (is(db, PgDatabase) && sorted.length > 0) {
    // On the pool: BEGIN and every lock in one round trip (pgLockedTransaction.ts).
    if (!is(db, PgTransaction)) {
      const pgDb = db as unknown as PgPoolDb;
      return lockedPgTransaction(pgDb, sorted, (tx) => work(tx as unknown as Db));
    }
    // Inside a transaction already: a savepoint that takes the locks first, in one statement.
    return db.transaction(async (tx) => {
      const locks = sql.join(
        sorted.map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`),
        sql`, `,
      );
      await (tx as unknown as PgDatabase<never>).execute(sql`select ${locks}`);
      return work(tx);
    });
  }
  return db.transaction((tx) => work(tx as unknown as Db));
}
