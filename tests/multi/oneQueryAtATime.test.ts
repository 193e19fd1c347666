import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DbHandle } from '../../src/server/db/database';
import { OVERLAP_MESSAGE } from '../../src/server/db/oneQueryAtATime';
import { openPostgres } from '../../src/server/db/postgres';
import { createDatabase, type TestDatabase } from '../helpers/postgres';

/**
 * Issue 29 §2: pg's "Calling client.query() when the client is already executing a query is deprecated" cannot
 * happen. A transaction's connection refuses a second query while one runs (the mistake is a Promise.all over the
 * transaction's queries); the connections shared by several callers (LISTEN/NOTIFY, leadership) queue their queries.
 * The warning is a process warning (util.deprecate), captured here.
 */

let database: TestDatabase;
let handle: DbHandle;
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(warning.message);

beforeAll(async () => {
  database = await createDatabase(inject('postgresUrl'));
  handle = await openPostgres(database.url, () => {});
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});
beforeEach(() => {
  warnings.length = 0;
  process.on('warning', onWarning);
});
afterEach(() => {
  process.off('warning', onWarning);
});

describe('one query at a time on a PostgreSQL connection', () => {
  it('refuses parallel queries inside a transaction, and runs the same queries awaited one by one', async () => {
    // As db/transactions.ts does: the handle's db is the PostgreSQL database under the services' common type.
    const db = handle.db as unknown as NodePgDatabase;
    const parallel = db.transaction(async (tx) => {
      await Promise.all([tx.execute(sql`select pg_sleep(0.05)`), tx.execute(sql`select 1`), tx.execute(sql`select 2`)]);
    });
    // drizzle wraps it: "Failed query: select 1", with ours as the cause.
    const refused = await parallel.then(
      () => null,
      (error: Error) => error,
    );
    expect((refused?.cause as Error | undefined)?.message).toBe(OVERLAP_MESSAGE);

    const answers = await db.transaction(async (tx) => {
      const first = await tx.execute<{ n: number }>(sql`select 1 as n`);
      const second = await tx.execute<{ n: number }>(sql`select 2 as n`);
      return [first.rows[0].n, second.rows[0].n];
    });
    expect(answers).toEqual([1, 2]);
    // The pool is whole again: ordinary parallel reads each get a connection.
    const reads = await Promise.all(
      Array.from({ length: 20 }, (_, i) => db.execute<{ n: number }>(sql`select ${i}::int as n`)),
    );
    expect(reads.map((result) => result.rows[0].n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
  });

  it('sends a burst of NOTIFYs and answers a burst of leadership questions without the warning', async () => {
    const received: string[] = [];
    const stop = handle.notifications!.listen((payload) => received.push(payload));
    try {
      const payloads = Array.from({ length: 200 }, (_, i) => `burst ${i}`);
      const [, leads] = await Promise.all([
        Promise.all(payloads.map((payload) => handle.notifications!.notify(payload))),
        Promise.all(Array.from({ length: 20 }, (_, i) => handle.leads(`job ${i % 4}`))),
      ]);
      expect(leads.every((taken) => taken)).toBe(true);
      const deadline = Date.now() + 5_000;
      while (received.length < payloads.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual(payloads);
      expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
    } finally {
      stop();
    }
  });
});
