import { describe, expect, it } from 'vitest';
import * as pgSchema from '../../src/server/db/pg/schema';
import * as bound from '../../src/server/db/schema';
import * as sqliteSchema from '../../src/server/db/sqliteSchema';
import { openSqlite } from '../../src/server/db/sqlite';

// db/schema.ts lists every table by hand; a table added to the schema files but not there would stay SQLite's.
describe('the services’ table bindings (db/schema.ts)', () => {
  const tableNames = Object.keys(sqliteSchema);

  it('export every table, starting as the SQLite ones', () => {
    const boundTables = Object.keys(bound).filter((name) => name !== 'bindSchema' && name !== 'boundToSqlite');
    expect(boundTables.sort()).toEqual([...tableNames].sort());
    for (const name of tableNames)
      expect(bound[name as keyof typeof sqliteSchema]).toBe(sqliteSchema[name as keyof typeof sqliteSchema]);
    expect(bound.boundToSqlite()).toBe(true);
  });

  it('rebind every table to PostgreSQL, once', () => {
    bound.bindSchema(pgSchema as unknown as bound.Tables);
    for (const name of tableNames)
      expect(bound[name as keyof typeof sqliteSchema]).toBe(pgSchema[name as keyof typeof pgSchema]);
    bound.bindSchema(pgSchema as unknown as bound.Tables);
    expect(() => bound.bindSchema(sqliteSchema)).toThrow(/already bound/);
    expect(bound.boundToSqlite()).toBe(false);
    // A SQLite file opened in this process now would be queried with PostgreSQL's tables: refused up front.
    expect(() => openSqlite(':memory:')).toThrow(/already uses PostgreSQL/);
  });
});
