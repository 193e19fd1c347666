/**
 * The PostgreSQL migrations (db/migrations-pg) build the schema of src/server/db/pg/schema.ts on a real server: the
 * embedded one from tests/helpers/postgres.ts, or TEST_DATABASE_URL's. Also proves the harness itself: a fresh
 * database per file, dropped even while connections to it are open.
 */
import { fileURLToPath } from 'node:url';
import { eq, getTableName, is, Table } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/pg/schema';
import { createDatabase, startPostgres, type PostgresServer, type TestDatabase } from '../helpers/postgres';

const migrationsFolder = fileURLToPath(new URL('../../db/migrations-pg', import.meta.url));

let server: PostgresServer | undefined;
let database: TestDatabase | undefined;
let pool: pg.Pool | undefined;

beforeAll(async () => {
  server = await startPostgres();
  database = await createDatabase(server.url);
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
  await server?.stop();
}, 60_000);

describe('PostgreSQL migrations', () => {
  it('create every table of the pg schema, and running them again changes nothing', async () => {
    const db = drizzle(pool!, { schema });
    const { rows } = await pool!.query<{ version: string }>('select version()');
    expect(rows[0].version).toMatch(/^PostgreSQL \d+/);

    await migrate(db, { migrationsFolder });
    await migrate(db, { migrationsFolder });

    const tables = await pool!.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    const expected = Object.values(schema as Record<string, unknown>)
      .filter((value): value is Table => is(value, Table))
      .map((table) => getTableName(table))
      .sort();
    expect(tables.rows.map((row) => row.table_name)).toEqual(expected);
  });

  it('store and read back a user through the pg schema, with defaults and millisecond times as numbers', async () => {
    const db = drizzle(pool!, { schema });
    const createdAt = Date.UTC(2026, 0, 2, 3, 4, 5, 678); // far above 2^31: needs bigint
    await db.insert(schema.users).values({
      id: 'u1',
      email: 'ada@example.com',
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada L.',
      passwordHash: 'hash',
      createdAt,
    });
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, 'u1'));
    expect(user).toEqual({
      id: 'u1',
      email: 'ada@example.com',
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada L.',
      profileImageUrl: null,
      passwordHash: 'hash',
      plan: 'free',
      banned: false,
      createdAt,
    });

    // Identity ids are numbered by the database, like SQLite's INTEGER PRIMARY KEY.
    const attempts = await db
      .insert(schema.signInAttempts)
      .values([
        { email: 'ada@example.com', ip: '127.0.0.1', succeeded: true, createdAt },
        { email: 'ada@example.com', ip: '127.0.0.1', succeeded: false, createdAt: createdAt + 1 },
      ])
      .returning({ id: schema.signInAttempts.id, kind: schema.signInAttempts.kind });
    expect(attempts).toEqual([
      { id: 1, kind: 'sign-in' },
      { id: 2, kind: 'sign-in' },
    ]);

    // Unique constraints and cascading foreign keys are in place.
    await expect(db.insert(schema.users).values({ ...user, id: 'u2', username: 'ada2' })).rejects.toMatchObject({
      cause: { code: '23505' },
    });
    await db.insert(schema.sessions).values({ id: 's1', userId: 'u1', expiresAt: Math.floor(createdAt / 1000) });
    await db.delete(schema.users).where(eq(schema.users.id, 'u1'));
    expect(await db.select().from(schema.sessions)).toEqual([]);
  });
});

describe('the test database harness', () => {
  it('drops a database while connections to it are still open', async () => {
    const extra = await createDatabase(server!.url);
    const client = new pg.Client({ connectionString: extra.url });
    client.on('error', () => undefined); // the drop ends this connection
    await client.connect();
    await extra.drop();
    const admin = new pg.Client({ connectionString: server!.url });
    await admin.connect();
    try {
      const name = new URL(extra.url).pathname.slice(1);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      expect(rowCount).toBe(0);
    } finally {
      await admin.end();
      await client.end().catch(() => undefined);
    }
  });
});
