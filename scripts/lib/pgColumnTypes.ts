/**
 * How a SQLite column becomes a PostgreSQL one (scripts/gen-pg-tables.ts, decision 025). The rules read what drizzle
 * knows about the column (its runtime class and config from getTableConfig), never how the source spells it. Both
 * sides must give the services the same TypeScript row type ($inferSelect / $inferInsert) and the same values; only
 * the SQL type differs where SQLite has no better one. tests/unit/schemaDialects.test.ts checks the outcome.
 */
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** pg-core builders that keep their name and arguments (table-level keys and indexes). */
export const PG_PASS_THROUGH: ReadonlySet<string> = new Set([
  'index',
  'uniqueIndex',
  'primaryKey',
  'foreignKey',
  'unique',
]);

export interface PgColumnCall {
  /** The pg-core builder to import. */
  builder: string;
  /** Its call, standing where the SQLite builder call stood. */
  text: string;
  /** A key the database numbers when not given one: `.primaryKey()` becomes an identity key. */
  identity: boolean;
}

/**
 * Times stay numbers, never timestamp / timestamptz columns: the row type must be `number` on both engines, so the
 * services need not know which one they run on (that is also why lucia's PostgreSQL adapter, which wants a
 * timestamptz for session expiry, is not used; sessions.expires_at holds seconds, bigint like the rest).
 * Integer columns named like times or durations (`*_at`, `*_ms`) hold UTC milliseconds, which passed int4's 2^31
 * (24.8 days after 1970) long ago, so they are bigint read as a JS number (exact to 2^53). These two are not named so
 * but are the same: a day's first millisecond, and one that is not (kept int4 as in the first PostgreSQL migration).
 */
const MILLISECONDS_BY_NAME = /_(at|ms)$/;
const MILLISECOND_COLUMNS: ReadonlySet<string> = new Set([
  // The UTC day a roll-up row counts, as the day's first millisecond.
  'status_days.day',
]);
const INT4_COLUMNS: ReadonlySet<string> = new Set([
  // A probe's round trip, cut off at its timeout (seconds): far inside int4.
  'status_checks.latency_ms',
]);

export class ColumnTypeError extends Error {}

/** The PostgreSQL builder call for `column` of table `table`; `where` names the source line in errors. */
export function pgColumnCall(table: string, column: SQLiteColumn, sqliteCall: string, where: string): PgColumnCall {
  const name = `'${column.name}'`;
  switch (column.columnType) {
    case 'SQLiteText': {
      // Text stays text, enums included (drizzle keeps an enum's values in the type, not in a SQL enum, on both).
      // JSON payloads are text on both engines too: the code parses them itself, and jsonb would re-order keys and
      // change the row type. A length would be a varchar here; no table uses one, so refuse rather than guess.
      const config = (column as unknown as { config: { length?: number } }).config;
      if (config.length !== undefined) throw new ColumnTypeError(`${where}: text with a length has no rule yet`);
      return { builder: 'text', text: sqliteCall, identity: false };
    }
    case 'SQLiteBoolean':
      // SQLite stores 0/1 in an integer ({ mode: 'boolean' }); PostgreSQL has a real boolean. Both read as boolean.
      return { builder: 'boolean', text: `boolean(${name})`, identity: false };
    case 'SQLiteReal':
      // SQLite's REAL is an 8-byte IEEE double; PostgreSQL's `real` is 4 bytes and would round prices.
      return { builder: 'doublePrecision', text: `doublePrecision(${name})`, identity: false };
    case 'SQLiteInteger': {
      const key = `${table}.${column.name}`;
      if (column.primary) {
        // A one-column INTEGER PRIMARY KEY is SQLite's row id: the database numbers rows it is not given (drizzle
        // marks it as having a default, with or without autoIncrement). An identity column does the same here.
        return { builder: 'integer', text: `integer(${name})`, identity: true };
      }
      const milliseconds =
        MILLISECOND_COLUMNS.has(key) || (MILLISECONDS_BY_NAME.test(column.name) && !INT4_COLUMNS.has(key));
      return milliseconds
        ? { builder: 'bigint', text: `bigint(${name}, { mode: 'number' })`, identity: false }
        : { builder: 'integer', text: `integer(${name})`, identity: false };
    }
    default:
      throw new ColumnTypeError(
        `${where}: no PostgreSQL rule for a ${column.columnType} column (${table}.${column.name}); add one to scripts/lib/pgColumnTypes.ts`,
      );
  }
}
