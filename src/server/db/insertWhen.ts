import { getTableColumns, is, sql, type Column, type SQL } from 'drizzle-orm';
import { PgDatabase, PgTransaction } from 'drizzle-orm/pg-core';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './database';
import { lockedPgStatement, pgDialect, type PgPoolDb } from './pgLockedTransaction';
import { inlinePgParams } from './pgLiterals';
import { exclusiveTransaction } from './transactions';

/**
 * Stores one row in `table` if `condition` holds, and returns it as stored, or undefined when the condition did not
 * hold: a check and the write it allows as one statement (`insert … select … where … returning`), decided under the
 * advisory locks of `keys` as `exclusiveTransaction` takes them (transactions.ts). Columns left out of `values` take
 * their defaults (the generated id).
 *
 * Why one statement: a write decided under a lock holds the lock for every round trip between the lock and COMMIT, and
 * sends that share a person wait for one another (issue 29 §2, decision 024). On PostgreSQL's pool, BEGIN, the locks,
 * this statement and COMMIT go in one message (`lockedPgStatement`): one round trip. Inside a transaction already,
 * the locks are taken in a savepoint and the statement runs with bound values. On SQLite one statement is atomic and
 * waits for any open transaction (the transaction gate), so it needs no transaction of its own.
 *
 * The services name no engine: `table` and `condition` come from the handle's own tables (tablesOf).
 */
export async function insertWhen<T extends SQLiteTable>(
  db: Db,
  keys: readonly string[],
  table: T,
  values: Partial<T['$inferInsert']>,
  condition: SQL,
): Promise<T['$inferSelect'] | undefined> {
  const columns = Object.entries(getTableColumns(table)) as Array<[string, Column]>;
  const statement = insertSelect(table, columns, values, condition);
  if (is(db, PgDatabase)) {
    const rows = is(db, PgTransaction)
      ? await exclusiveTransaction(db, keys, async (tx) => {
          const result = await (tx as unknown as NodePgDatabase).execute<Record<string, unknown>>(statement);
          return result.rows;
        })
      : await lockedPgStatement(db as unknown as PgPoolDb, keys, inlinePgParams(pgDialect.sqlToQuery(statement)));
    const row = rows[0];
    return row && rowOf(columns, (column) => row[column.name]);
  }
  // sqlite-proxy hands raw rows over as arrays, in the order of the returning list (sqlite.ts).
  const [row] = await db.all<unknown[]>(statement);
  return row && rowOf(columns, (_, index) => row[index]);
}

/**
 * `insert into t (a, b) select cast(? as …), cast(? as …) where <condition> returning <every column>`. Each value is
 * cast to its column's type: PostgreSQL types a bare parameter or literal in a select list as text, which it will not
 * store in a number column.
 */
function insertSelect(
  table: SQLiteTable,
  columns: Array<[string, Column]>,
  values: Record<string, unknown>,
  condition: SQL,
): SQL {
  const given = columns.filter(([key]) => values[key] !== undefined);
  const names = sql.join(
    given.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const selected = sql.join(
    given.map(([key, column]) => sql`cast(${sql.param(values[key], column)} as ${sql.raw(column.getSQLType())})`),
    sql`, `,
  );
  const returned = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select ${selected} where ${condition} returning ${returned}`;
}

/** A stored row from the driver's values, each through its column's own mapping (numbers, flags, time columns). */
function rowOf(
  columns: Array<[string, Column]>,
  valueOf: (column: Column, index: number) => unknown,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  columns.forEach(([key, column], index) => {
    const value = valueOf(column, index);
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  });
  return row;
}
