import type { Db } from './database';
import * as sqlite from './sqliteSchema';

/**
 * The tables the services query, taken from the handle they query (decision 013).
 *
 * Drizzle describes a table per dialect, so the tables exist twice: tables/*.ts for SQLite (which also gives every
 * row its TypeScript type) and pg/tables/*.ts for PostgreSQL, generated from them (scripts/gen-pg-tables.ts).
 * A query module reads them at the top of each function, `const { users } = tablesOf(db)`, never from a module-level
 * import: the same function then queries a SQLite handle with SQLite's tables and a PostgreSQL one with PostgreSQL's.
 */
export type Tables = typeof sqlite;

/**
 * The tables of the database `db` queries: SQLite's for a SQLite handle, PostgreSQL's for a PostgreSQL one, and for a
 * transaction's `tx` those of the handle that opened it. Each handle is opened with its engine's tables as drizzle's
 * schema (sqlite.ts, postgres.ts), which drizzle hands on to every transaction it starts; so the tables travel with
 * the handle, and one process may hold both engines. Typed as the SQLite tables, which give every row its type on
 * either engine (see postgres.ts on the one cast this rests on).
 */
export function tablesOf(db: Db): Tables {
  const tables = db._.fullSchema;
  if (!tables || !('users' in tables)) throw new Error('This database handle was opened without the schema.');
  return tables;
}
