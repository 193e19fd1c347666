import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/db/client';
import { users } from '../../src/server/db/sqliteSchema';
import { migrationsBefore } from '../helpers/migrations';

/**
 * Usernames used to be the email's local part. The migration that made them random must rename every existing
 * account: a database made before it (migrations up to the one before) gets random, unique names with no trace of
 * the emails.
 */

const work = mkdtempSync(join(tmpdir(), 'username-migration-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the random-username migration', () => {
  it('renames every existing account to a unique name that does not come from its email', async () => {
    const path = join(work, 'old.db');
    const old = new Database(path);
    migrate(drizzle(old), { migrationsFolder: migrationsBefore('db/migrations', 'social_security', work) });
    const insert = old.prepare(
      "insert into users (id, email, username, first_name, last_name, display_name, password_hash, created_at) values (?, ?, ?, 'A', 'B', 'A B', 'x', 1)",
    );
    const emails = Array.from({ length: 50 }, (_, i) => `grace.hopper${i}@navy.mil`);
    emails.forEach((email, i) => insert.run(`u${i}`, email, email.split('@')[0]));
    old.close();

    const migrated = openSqlite(path);
    const names = (await migrated.db.select({ username: users.username }).from(users)).map((r) => r.username);
    await migrated.close();
    expect(names).toHaveLength(50);
    expect(new Set(names).size).toBe(50);
    for (const name of names) {
      expect(name).toMatch(/^investor-[0-9a-f]{4}\d+$/);
      expect(name).not.toContain('grace');
    }
  });
});
