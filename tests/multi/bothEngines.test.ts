import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import type { DbHandle } from '../../src/server/db/database';
import * as pgSchema from '../../src/server/db/pg/schema';
import { tablesOf } from '../../src/server/db/schema';
import * as sqliteSchema from '../../src/server/db/sqliteSchema';
import { findUserByEmail, insertUser, updateUserProfile } from '../../src/server/modules/auth/users';
import { createDatabase, type TestDatabase } from '../helpers/postgres';

/**
 * Issue 29 §4: the tables travel with the database handle, so one process may hold both engines. PostgreSQL is
 * opened first: before, that bound every service's tables to PostgreSQL's for the life of the process and SQLite
 * refused to open after it. The same service functions then write and read a user on each, each in its own database.
 */
let database: TestDatabase;
let postgres: DbHandle;
let sqlite: DbHandle;
const dir = mkdtempSync(join(tmpdir(), 'tickwise-both-engines-'));

beforeAll(async () => {
  database = await createDatabase(inject('postgresUrl'));
  postgres = await openDatabase({ DATABASE_PATH: '', DATABASE_URL: database.url, NODE_ENV: 'test' });
  sqlite = await openDatabase({ DATABASE_PATH: join(dir, 'app.db'), NODE_ENV: 'test' });
});
afterAll(async () => {
  await sqlite?.close();
  await postgres?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const person = (firstName: string) => ({
  email: 'Same.Person@example.com',
  firstName,
  lastName: 'Lovelace',
  passwordHash: 'not-a-real-hash',
  createdAt: Date.UTC(2026, 10, 28),
});

describe('one process, both engines', () => {
  it('gives each handle, and each of its transactions, its own engine’s tables', async () => {
    expect(postgres.dialect).toBe('postgres');
    expect(sqlite.dialect).toBe('sqlite');
    expect(tablesOf(postgres.db).users).toBe(pgSchema.users);
    expect(tablesOf(sqlite.db).users).toBe(sqliteSchema.users);
    expect(await postgres.db.transaction((tx) => Promise.resolve(tablesOf(tx).users))).toBe(pgSchema.users);
    expect(await sqlite.db.transaction((tx) => Promise.resolve(tablesOf(tx).users))).toBe(sqliteSchema.users);
  });

  it('writes and reads a user on each through the same service functions, each in its own database', async () => {
    const onPostgres = await insertUser(postgres.db, person('Ada'));
    const onSqlite = await sqlite.db.transaction((tx) => insertUser(tx, person('Grace')));
    await updateUserProfile(postgres.db, onPostgres.id, { firstName: 'Ada', lastName: 'Byron', profileImageUrl: null });

    const readPostgres = await findUserByEmail(postgres.db, 'same.person@example.com');
    const readSqlite = await findUserByEmail(sqlite.db, 'same.person@example.com');
    expect(readPostgres).toMatchObject({ id: onPostgres.id, firstName: 'Ada', lastName: 'Byron', banned: false });
    expect(readSqlite).toMatchObject({ id: onSqlite.id, firstName: 'Grace', lastName: 'Lovelace', banned: false });

    // Each row landed in its own engine's file or server, and only there.
    const { rows } = await postgres.pool!.query<{ first_name: string }>('select first_name from users');
    expect(rows.map((row) => row.first_name)).toEqual(['Ada']);
    const sqliteRows = sqlite.sqlite!.prepare('select first_name from users').raw(false).all() as Array<{
      first_name: string;
    }>;
    expect(sqliteRows.map((row) => row.first_name)).toEqual(['Grace']);
  });
});
