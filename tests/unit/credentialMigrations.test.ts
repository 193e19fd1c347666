import Database from 'better-sqlite3';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore } from '../helpers/migrations';
import { createDatabase, startPostgres } from '../helpers/postgres';

/**
 * Issue 26: sessions are stored as the SHA-256 of their id, and reset links as a selector and the hash of a secret.
 * Rows written before hold plain session ids (some were copied into logs during the outage) and whole-token hashes
 * that cannot be split: the migrations end them rather than hash them in place, on both engines, and leave the rest
 * of the account alone.
 */

const work = mkdtempSync(join(tmpdir(), 'credential-migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const USER =
  "insert into users (id, email, username, first_name, last_name, display_name, password_hash, created_at) values ('u1', 'a@b.co', 'investor-1', 'A', 'B', 'A B', 'x', 1)";
const SESSION = "insert into sessions (id, user_id, expires_at) values ('plain-session-id', 'u1', 4102444800)";
const RESET_LINK =
  "insert into password_reset_tokens (token_hash, user_id, expires_at, created_at) values ('old-hash', 'u1', 4102444800000, 1)";

describe('the credential migrations', () => {
  it('on SQLite: end every stored session and reset link, keep the accounts', () => {
    const path = join(work, 'old.db');
    const old = new Database(path);
    migrateSqlite(drizzleSqlite(old), {
      migrationsFolder: migrationsBefore('db/migrations', 'reset_link_selectors', work),
    });
    for (const statement of [USER, SESSION, RESET_LINK]) old.prepare(statement).run();

    migrateSqlite(drizzleSqlite(old), { migrationsFolder: 'db/migrations' });
    expect(old.prepare('select count(*) as n from sessions').get()).toEqual({ n: 0 });
    expect(old.prepare('select count(*) as n from password_reset_tokens').get()).toEqual({ n: 0 });
    expect(old.prepare('select id from users').all()).toEqual([{ id: 'u1' }]);
    const columns = old.prepare("select name from pragma_table_info('password_reset_tokens')").all();
    expect(columns.map((c) => (c as { name: string }).name).sort()).toEqual(
      ['created_at', 'expires_at', 'selector', 'user_id', 'verifier_hash'].sort(),
    );
    old.close();
  });

  it('on PostgreSQL: the same', async () => {
    const server = await startPostgres();
    const database = await createDatabase(server.url);
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      const db = drizzlePg(pool);
      await migratePg(db, { migrationsFolder: migrationsBefore('db/migrations-pg', 'reset_link_selectors', work) });
      for (const statement of [USER, SESSION, RESET_LINK]) await pool.query(statement);

      await migratePg(db, { migrationsFolder: 'db/migrations-pg' });
      const count = async (table: string) => (await pool.query(`select count(*)::int as n from ${table}`)).rows[0];
      expect(await count('sessions')).toEqual({ n: 0 });
      expect(await count('password_reset_tokens')).toEqual({ n: 0 });
      expect((await pool.query('select id from users')).rows).toEqual([{ id: 'u1' }]);
      const columns = await pool.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_name = 'password_reset_tokens'",
      );
      expect(columns.rows.map((c) => c.column_name).sort()).toEqual(
        ['created_at', 'expires_at', 'selector', 'user_id', 'verifier_hash'].sort(),
      );
    } finally {
      await pool.end();
      await database.drop();
      await server.stop();
    }
  }, 60_000);
});
