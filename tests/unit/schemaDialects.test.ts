/**
 * The SQLite schema (src/server/db/schema.ts) and its PostgreSQL twin (src/server/db/pg/schema.ts) must describe the
 * same tables, so the services can run on either: same export names, SQL table and column names, and per column the
 * same property name, nullability, key, default and drizzle data type (which is what makes the TypeScript row types
 * the same; the type-level check at the bottom proves that too); the same primary keys, unique constraints,
 * indexes and foreign keys. Only the SQL types differ (integer ms -> bigint, integer booleans -> boolean, ...).
 */
import {
  getTableColumns,
  getTableName,
  is,
  SQL,
  Table,
  type InferInsertModel,
  type InferSelectModel,
} from 'drizzle-orm';
import {
  getTableConfig as getPgTableConfig,
  integer as pgInteger,
  PgDialect,
  PgTable,
  pgTable,
  text as pgText,
} from 'drizzle-orm/pg-core';
import {
  getTableConfig as getSqliteTableConfig,
  integer as sqliteInteger,
  SQLiteSyncDialect,
  SQLiteTable,
  sqliteTable,
  text as sqliteText,
} from 'drizzle-orm/sqlite-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as pgSchema from '../../src/server/db/pg/schema';
import * as sqliteSchema from '../../src/server/db/sqliteSchema';

const pgDialect = new PgDialect();
const sqliteDialect = new SQLiteSyncDialect();

/** SQL fragments (defaults, partial index conditions) as text; both dialects write plain `sql` templates alike. */
function sqlText(value: unknown, dialect: 'pg' | 'sqlite'): unknown {
  if (!is(value, SQL)) return value;
  return (dialect === 'pg' ? pgDialect : sqliteDialect).sqlToQuery(value).sql;
}

interface ColumnShape {
  property: string;
  notNull: boolean;
  primaryKey: boolean;
  hasDefault: boolean;
  default: unknown;
  hasDefaultFn: boolean;
  hasOnUpdateFn: boolean;
  dataType: string;
  enumValues: readonly string[] | undefined;
  unique: string | null;
}

interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKeys: string[];
  uniqueConstraints: string[];
  indexes: string[];
  foreignKeys: string[];
}

/** A dialect-free description of a table: everything that must match, as plain values and readable strings. */
function describeTable(table: Table): TableShape {
  const dialect = is(table, PgTable) ? 'pg' : 'sqlite';
  const config = is(table, PgTable) ? getPgTableConfig(table) : getSqliteTableConfig(table as SQLiteTable);
  const columns: Record<string, ColumnShape> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    columns[column.name] = {
      property,
      notNull: column.notNull,
      primaryKey: column.primary,
      hasDefault: column.hasDefault,
      default: sqlText(column.default, dialect),
      hasDefaultFn: column.defaultFn !== undefined,
      hasOnUpdateFn: column.onUpdateFn !== undefined,
      dataType: column.dataType,
      enumValues: column.enumValues,
      unique: column.isUnique ? (column.uniqueName ?? '(unnamed)') : null,
    };
  }
  const names = (cols: readonly unknown[]) =>
    cols.map((c) => (is(c, SQL) ? `sql(${String(sqlText(c, dialect))})` : (c as { name: string }).name)).join(', ');
  return {
    columns,
    primaryKeys: config.primaryKeys.map((pk) => `${pk.getName()} (${names(pk.columns)})`).sort(),
    uniqueConstraints: config.uniqueConstraints.map((u) => `${u.getName()} (${names(u.columns)})`).sort(),
    indexes: config.indexes
      .map((i) => {
        const where = i.config.where ? ` where ${String(sqlText(i.config.where, dialect))}` : '';
        return `${i.config.unique ? 'unique ' : ''}${i.config.name} (${names(i.config.columns)})${where}`;
      })
      .sort(),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        const target = `${getTableName(ref.foreignTable)} (${names(ref.foreignColumns)})`;
        return `${fk.getName()}: (${names(ref.columns)}) -> ${target} on delete ${fk.onDelete ?? 'no action'}, on update ${fk.onUpdate ?? 'no action'}`;
      })
      .sort(),
  };
}

/** Every difference between two tables, each naming the table and, where it applies, the column. */
function tableDifferences(label: string, sqlite: Table, pg: Table): string[] {
  const diffs: string[] = [];
  if (getTableName(sqlite) !== getTableName(pg)) {
    diffs.push(
      `${label}: SQL table name is "${getTableName(sqlite)}" on SQLite but "${getTableName(pg)}" on PostgreSQL`,
    );
  }
  const a = describeTable(sqlite);
  const b = describeTable(pg);
  for (const name of new Set([...Object.keys(a.columns), ...Object.keys(b.columns)])) {
    const where = `${label}.${name}`;
    const [ca, cb] = [a.columns[name], b.columns[name]];
    if (!ca) diffs.push(`${where}: column only on PostgreSQL`);
    else if (!cb) diffs.push(`${where}: column only on SQLite`);
    else {
      for (const key of Object.keys(ca) as (keyof ColumnShape)[]) {
        if (JSON.stringify(ca[key]) !== JSON.stringify(cb[key])) {
          diffs.push(
            `${where}: ${key} is ${JSON.stringify(ca[key])} on SQLite but ${JSON.stringify(cb[key])} on PostgreSQL`,
          );
        }
      }
    }
  }
  for (const part of ['primaryKeys', 'uniqueConstraints', 'indexes', 'foreignKeys'] as const) {
    for (const entry of a[part]) if (!b[part].includes(entry)) diffs.push(`${label} ${part}: only on SQLite: ${entry}`);
    for (const entry of b[part])
      if (!a[part].includes(entry)) diffs.push(`${label} ${part}: only on PostgreSQL: ${entry}`);
  }
  return diffs;
}

function tablesOf(module: Record<string, unknown>): Map<string, Table> {
  return new Map(Object.entries(module).filter((entry): entry is [string, Table] => is(entry[1], Table)));
}

const sqliteTables = tablesOf(sqliteSchema);
const pgTables = tablesOf(pgSchema);

describe('the SQLite and PostgreSQL schemas', () => {
  it('export the same tables under the same names', () => {
    const onlySqlite = [...sqliteTables.keys()].filter((name) => !pgTables.has(name));
    const onlyPg = [...pgTables.keys()].filter((name) => !sqliteTables.has(name));
    expect({ onlyInSqliteSchema: onlySqlite, onlyInPgSchema: onlyPg }).toEqual({
      onlyInSqliteSchema: [],
      onlyInPgSchema: [],
    });
    expect(sqliteTables.size).toBeGreaterThan(0);
    for (const table of sqliteTables.values()) expect(is(table, SQLiteTable)).toBe(true);
    for (const table of pgTables.values()) expect(is(table, PgTable)).toBe(true);
  });

  it.each([...sqliteTables.keys()].filter((name) => pgTables.has(name)))('describe %s alike', (name) => {
    expect(tableDifferences(name, sqliteTables.get(name)!, pgTables.get(name)!)).toEqual([]);
  });

  it('give the same TypeScript row types (checked by tsc)', () => {
    type Rows<M> = {
      [K in keyof M]: M[K] extends Table ? { select: InferSelectModel<M[K]>; insert: InferInsertModel<M[K]> } : never;
    };
    expectTypeOf<Rows<typeof pgSchema>>().toEqualTypeOf<Rows<typeof sqliteSchema>>();
  });
});

describe('the dialect comparison', () => {
  it('names the table and column of each difference', () => {
    const sqlite = sqliteTable('things', {
      id: sqliteInteger('id').primaryKey({ autoIncrement: true }),
      label: sqliteText('label').notNull(),
      at: sqliteInteger('at').notNull(),
    });
    const pg = pgTable('things', {
      id: pgInteger('id').primaryKey().generatedByDefaultAsIdentity(),
      label: pgText('label'),
      extra: pgText('extra'),
    });
    expect(tableDifferences('things', sqlite, pg)).toEqual([
      'things.label: notNull is true on SQLite but false on PostgreSQL',
      'things.at: column only on SQLite',
      'things.extra: column only on PostgreSQL',
    ]);
  });
});
