import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, DbHandle } from '../../src/server/db/database';
import { openPostgres } from '../../src/server/db/postgres';
import { exclusiveTransaction } from '../../src/server/db/transactions';
import { createDatabase, type TestDatabase } from '../helpers/postgres';

/**
 * db/transactions.ts on PostgreSQL: a write that decides under advisory locks sends BEGIN and its locks in one round
 * trip (issue 29 §2), and the locks still exclude what they did: the same key waits, other keys do not, a key with
 * quotes and backslashes is the same lock as the text a parameter would carry, a failed write releases its locks and
 * its connection, and a lock taken inside a transaction already is a savepoint's.
 */

let database: TestDatabase;
let handle: DbHandle;
const queries: string[] = [];

const pgDb = () => handle.db as unknown as NodePgDatabase;
const select = (db: Db, n: number) => (db as unknown as NodePgDatabase).execute(sql`select ${n}::int as n`);
const waitFor = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

beforeAll(async () => {
  database = await createDatabase(inject('postgresUrl'));
  handle = await openPostgres(database.url, () => {}, { onQuery: (text) => queries.push(text) });
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

describe('exclusive transactions on PostgreSQL', () => {
  it('send BEGIN and every lock in one round trip, then the work and COMMIT', async () => {
    queries.length = 0;
    const answer = await exclusiveTransaction(handle.db, ['user:b', 'user:a', 'user:b'], async (tx) => {
      const { rows } = await select(tx, 7);
      return rows[0].n;
    });
    expect(answer).toBe(7);
    expect(queries).toEqual([
      "begin; select pg_advisory_xact_lock(hashtextextended('user:a', 0)), " +
        "pg_advisory_xact_lock(hashtextextended('user:b', 0))",
      'select $1::int as n',
      'commit',
    ]);
  });

  it('make a second transaction on the same key wait for the first to commit, and not one on another key', async () => {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = exclusiveTransaction(handle.db, ['portfolio:1'], async () => {
      events.push('first in');
      await held;
      events.push('first out');
    });
    await waitFor(() => events.includes('first in'), 'the first transaction');
    const same = exclusiveTransaction(handle.db, ['portfolio:1'], () =>
      Promise.resolve(void events.push('same key in')),
    );
    const other = await exclusiveTransaction(handle.db, ['portfolio:2'], () => {
      events.push('other key in');
      return Promise.resolve('done');
    });
    expect(other).toBe('done');
    expect(events).toEqual(['first in', 'other key in']);
    release();
    await Promise.all([first, same]);
    expect(events).toEqual(['first in', 'other key in', 'first out', 'same key in']);
  });

  it('quote a key with quotes and backslashes into the very lock its text as a parameter takes', async () => {
    const key = String.raw`friends:o'brien\x:'; select 1; --`;
    const pool = (pgDb() as unknown as { $client: pg.Pool }).$client;
    const holder = await pool.connect();
    let entered = false;
    try {
      await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
      const waiting = exclusiveTransaction(handle.db, [key], () => Promise.resolve(void (entered = true)));
      // Still waiting while the parameter's lock is held: the same lock.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(entered).toBe(false);
      await holder.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      await waiting;
      expect(entered).toBe(true);
    } finally {
      holder.release();
    }
  });

  it('roll back a failed write, release its locks and give its connection back', async () => {
    await pgDb().execute(sql`create table if not exists exclusive_probe (n int)`);
    const failed = await exclusiveTransaction(handle.db, ['probe'], async (tx) => {
      await (tx as unknown as NodePgDatabase).execute(sql`insert into exclusive_probe values (1)`);
      throw new Error('the check refused it');
    }).catch((error: Error) => error.message);
    expect(failed).toBe('the check refused it');
    const { rows } = await pgDb().execute<{ n: number }>(sql`select count(*)::int as n from exclusive_probe`);
    expect(rows[0].n).toBe(0);
    // The lock is free again (taken at once), and the pool's connections are all idle, none lost.
    expect(await exclusiveTransaction(handle.db, ['probe'], () => Promise.resolve('again'))).toBe('again');
    const pool = (pgDb() as unknown as { $client: pg.Pool }).$client;
    expect(pool.idleCount).toBe(pool.totalCount);
  });

  it('take the locks in a savepoint when called inside a transaction already', async () => {
    queries.length = 0;
    const inner = await pgDb().transaction((outer) =>
      exclusiveTransaction(outer as unknown as Db, ['nested'], async (tx) => (await select(tx, 3)).rows[0].n),
    );
    expect(inner).toBe(3);
    expect(queries).toEqual([
      'begin',
      'savepoint sp1',
      'select pg_advisory_xact_lock(hashtextextended($1, 0))',
      'select $1::int as n',
      'release savepoint sp1',
      'commit',
    ]);
  });
});
