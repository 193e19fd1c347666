import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbHandle } from '../../src/server/db/database';
import { insertWhen } from '../../src/server/db/insertWhen';
import { openPostgres } from '../../src/server/db/postgres';
import { tablesOf } from '../../src/server/db/schema';
import { openSqlite } from '../../src/server/db/sqlite';
import { exclusiveTransaction } from '../../src/server/db/transactions';
import { insertUser } from '../../src/server/modules/auth/users';
import { createDatabase, type TestDatabase } from '../helpers/postgres';

/**
 * db/insertWhen.ts on both engines: a check and the insert it allows in one statement, decided under advisory locks.
 * On PostgreSQL's pool BEGIN, the locks, the statement and COMMIT are one message whose values are written as
 * literals, so it is also checked that texts which would break out of a badly quoted literal are stored as typed.
 */

let database: TestDatabase;
let postgres: DbHandle;
let sqlite: DbHandle;
const dir = mkdtempSync(join(tmpdir(), 'tickwise-insert-when-'));
const postgresQueries: string[] = [];

beforeAll(async () => {
  database = await createDatabase(inject('postgresUrl'));
  postgres = await openPostgres(database.url, () => {}, { onQuery: (text) => postgresQueries.push(text) });
  sqlite = openSqlite(join(dir, 'app.db'));
});
afterAll(async () => {
  await sqlite?.close();
  await postgres?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const TRICKY_TEXTS = [
  "it's",
  "'); drop table direct_messages; --",
  "back\\slash \\' and \\\\ two",
  'a $1 and $2 that are not placeholders',
  'a -- not a comment, /* nor this */',
  'emoji 📈, accents éü, right-to-left שלום',
];

async function twoPeople(handle: DbHandle) {
  const person = (firstName: string) =>
    insertUser(handle.db, {
      email: `${firstName}.${Math.random().toString(36).slice(2)}@example.com`,
      firstName,
      lastName: 'Test',
      passwordHash: 'not-a-real-hash',
      createdAt: Date.UTC(2026, 10, 29),
    });
  return { ada: await person('Ada'), bob: await person('Bob') };
}

const engines = [
  ['SQLite', () => sqlite],
  ['PostgreSQL', () => postgres],
] as const;

describe.each(engines)('insertWhen on %s', (_, handleOf) => {
  it('stores the row when the condition holds and returns it as stored, every text as typed', async () => {
    const handle = handleOf();
    const { ada, bob } = await twoPeople(handle);
    const { directMessages } = tablesOf(handle.db);
    for (const content of TRICKY_TEXTS) {
      const createdAt = Date.UTC(2026, 10, 29, 12, 0, 0, 5);
      const row = await insertWhen(
        handle.db,
        [`user:${ada.id}`],
        directMessages,
        { senderId: ada.id, receiverId: bob.id, content, messageType: 'text', createdAt, readAt: null },
        sql`${-5} < ${createdAt}`,
      );
      expect(row).toMatchObject({ senderId: ada.id, receiverId: bob.id, content, createdAt, readAt: null });
      expect(typeof row?.id).toBe('number');
      const [read] = await handle.db.select().from(directMessages).where(eq(directMessages.id, row!.id));
      expect(read).toEqual(row);
    }
  });

  it('stores nothing and returns undefined when the condition does not hold', async () => {
    const handle = handleOf();
    const { ada, bob } = await twoPeople(handle);
    const { directMessages } = tablesOf(handle.db);
    const row = await insertWhen(
      handle.db,
      [`user:${ada.id}`],
      directMessages,
      { senderId: ada.id, receiverId: bob.id, content: 'never', messageType: 'text', createdAt: 1, readAt: null },
      sql`exists (select 1 from ${directMessages} where ${directMessages.senderId} = ${bob.id})`,
    );
    expect(row).toBeUndefined();
    expect(await handle.db.select().from(directMessages).where(eq(directMessages.senderId, ada.id))).toEqual([]);
  });
});

describe('insertWhen on PostgreSQL', () => {
  const pool = () => (postgres as DbHandle & { pool: pg.Pool }).pool;

  it('sends BEGIN, the locks, the insert and COMMIT as one message', async () => {
    const { ada, bob } = await twoPeople(postgres);
    const { directMessages } = tablesOf(postgres.db);
    postgresQueries.length = 0;
    await insertWhen(
      postgres.db,
      [`user:${bob.id}`, `user:${ada.id}`, `user:${bob.id}`].sort().reverse(),
      directMessages,
      { senderId: ada.id, receiverId: bob.id, content: 'one trip', messageType: 'text', createdAt: 2, readAt: null },
      sql`true`,
    );
    expect(postgresQueries).toHaveLength(1);
    const [message] = postgresQueries;
    // The keys sorted, each once, as exclusiveTransaction takes them: two sends between the same two people in
    // opposite directions must not wait on each other crosswise.
    const [first, second] = [ada.id, bob.id].sort();
    expect(
      message.startsWith(
        `begin; select pg_advisory_xact_lock(hashtextextended('user:${first}', 0)), ` +
          `pg_advisory_xact_lock(hashtextextended('user:${second}', 0)); insert into "direct_messages"`,
      ),
    ).toBe(true);
    expect(message).toContain('insert into "direct_messages"');
    expect(message.endsWith('; commit')).toBe(true);
  });

  it('waits while another transaction holds one of its keys', async () => {
    const { ada, bob } = await twoPeople(postgres);
    const { directMessages } = tablesOf(postgres.db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const started = new Promise<void>((resolve) => (holding = resolve));
    const holder = exclusiveTransaction(postgres.db, [`user:${bob.id}`], async () => {
      holding();
      await held;
    });
    await started;
    let stored = false;
    const insert = insertWhen(
      postgres.db,
      [`user:${ada.id}`, `user:${bob.id}`],
      directMessages,
      { senderId: ada.id, receiverId: bob.id, content: 'waited', messageType: 'text', createdAt: 3, readAt: null },
      sql`true`,
    ).then((row) => {
      stored = true;
      return row;
    });
    // Until PostgreSQL shows the insert's lock waiting, then: not stored while the key is held.
    const waiting = async () => {
      const { rows } = await pool().query<{ n: string }>(
        "select count(*) as n from pg_locks where locktype = 'advisory' and not granted",
      );
      return Number(rows[0].n) > 0;
    };
    const deadline = Date.now() + 5_000;
    while (!(await waiting())) {
      if (Date.now() > deadline) throw new Error('the insert never waited on the held key');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(stored).toBe(false);
    expect(await postgres.db.select().from(directMessages).where(eq(directMessages.content, 'waited'))).toEqual([]);
    release();
    await holder;
    expect((await insert)?.content).toBe('waited');
  });

  it('rolls back and gives its connection back when the statement fails, and the pool serves on', async () => {
    const { ada } = await twoPeople(postgres);
    const { directMessages } = tablesOf(postgres.db);
    const values = { senderId: ada.id, content: 'nobody', messageType: 'text' as const, createdAt: 4, readAt: null };
    await expect(
      insertWhen(postgres.db, [`user:${ada.id}`], directMessages, { ...values, receiverId: 'no-such-user' }, sql`true`),
    ).rejects.toThrow(/foreign key/);
    expect(pool().totalCount - pool().idleCount).toBe(0);
    const { bob } = await twoPeople(postgres);
    const row = await insertWhen(
      postgres.db,
      [`user:${ada.id}`],
      directMessages,
      { ...values, receiverId: bob.id },
      sql`true`,
    );
    expect(row?.receiverId).toBe(bob.id);
  });

  it('inside a transaction, takes the locks in a savepoint and leaves with the transaction', async () => {
    const { ada, bob } = await twoPeople(postgres);
    const { directMessages } = tablesOf(postgres.db);
    await expect(
      postgres.db.transaction(async (tx) => {
        const row = await insertWhen(
          tx,
          [`user:${ada.id}`],
          tablesOf(tx).directMessages,
          { senderId: ada.id, receiverId: bob.id, content: 'undone', messageType: 'text', createdAt: 5, readAt: null },
          sql`true`,
        );
        expect(row?.content).toBe('undone');
        throw new Error('the outer transaction fails');
      }),
    ).rejects.toThrow('the outer transaction fails');
    expect(await postgres.db.select().from(directMessages).where(eq(directMessages.content, 'undone'))).toEqual([]);
  });
});
