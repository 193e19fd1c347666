/**
 * The transaction gate's watchdog (issue 29 §4): in tests, a statement that one SQLite transaction keeps waiting
 * fails with an error naming where it waited from, so the one way to hang SQLite (the outer handle inside the
 * transaction's callback) fails a test instead of hanging it; ordinary waits behind a transaction pass untouched.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, openSqlite, TEST_GATE_WATCHDOG_MS, type DbHandle } from '../../src/server/db/client';
import { GateWaitTimeout } from '../../src/server/db/gateWatchdog';

let handle: DbHandle | null = null;

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await handle?.close();
  handle = null;
});

/** The watchdog's error: drizzle wraps a failed statement's error in its own, with ours as the cause. */
function gateTimeout(outcome: unknown): GateWaitTimeout | null {
  for (let error = outcome; error instanceof Error; error = error.cause) {
    if (error instanceof GateWaitTimeout) return error;
  }
  return null;
}

/** Keeps the watchdog's stderr report out of the test output while letting the test read it. */
function captureReports(): string[] {
  const reports: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((message: unknown) => void reports.push(String(message)));
  return reports;
}

describe('transaction gate watchdog', () => {
  it('fails the outer handle used inside a transaction, naming the waiting call site, and the transaction ends', async () => {
    const reports = captureReports();
    handle = openSqlite(':memory:', { gateWatchdogMs: 150 });
    const { db } = handle;
    const started = Date.now();
    // The mistake the lint rule catches when it is visible: here the outer handle hides behind a helper.
    const countOutside = () => db.run(sql`select 1`);
    const outcome = await db
      .transaction(async (tx) => {
        await tx.run(sql`select 1`);
        await countOutside();
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    const error = gateTimeout(outcome);
    if (!error) throw new Error(`expected the watchdog's error, got ${String(outcome)}`);
    // The line that built the statement on the outer handle, not the transaction's.
    const line =
      readFileSync(fileURLToPath(import.meta.url), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('const countOutside')) + 1;
    expect(error.waitingSite).toMatch(new RegExp(`transactionGateWatchdog\\.test\\.ts:${line}:\\d+$`));
    expect(error.message).toMatch(
      /waited more than 150 ms on the SQLite transaction gate, built at \S+transactionGateWatchdog/,
    );
    expect(error.message).toMatch(/for the transaction opened at \S+transactionGateWatchdog\.test\.ts/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(reports).toEqual([error.message]);
    // The transaction rolled back and let go of the gate: the handle works again.
    await expect(db.run(sql`select 1`)).resolves.toBeDefined();
  });

  it('lets statements wait behind transactions shorter than the threshold, however many queue up', async () => {
    const reports = captureReports();
    handle = openSqlite(':memory:', { gateWatchdogMs: 150 });
    const { db } = handle;
    await db.run(sql`create table counter (n integer not null)`);
    await db.run(sql`insert into counter values (0)`);
    const slowIncrement = () =>
      db.transaction(async (tx) => {
        await tx.run(sql`update counter set n = n + 1`);
        await new Promise((resolve) => setTimeout(resolve, 60));
      });
    // Six 60 ms transactions in a row: the last statement waits about 360 ms in all, but never 150 ms on one.
    const reads = Array.from({ length: 6 }, () => db.all(sql`select n from counter`));
    await Promise.all([...Array.from({ length: 6 }, slowIncrement), ...reads]);
    expect(await db.all(sql`select n from counter`)).toEqual([[6]]);
    expect(reports).toEqual([]);
  });

  it('is on at 5 s in test mode: a hung statement still waits at 4.9 s and fails at 5 s', async () => {
    const reports = captureReports();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    handle = await openDatabase({ DATABASE_PATH: ':memory:', NODE_ENV: 'test' });
    const { db } = handle;
    let settled: unknown = 'pending';
    const hung = db.transaction(async () => {
      // The hang on purpose, spelled out (the lint rule refuses it anywhere else).
      // eslint-disable-next-line tickwise/no-outer-db-in-transaction
      await db.run(sql`select 1`);
    });
    hung.then(
      () => (settled = 'resolved'),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(TEST_GATE_WATCHDOG_MS - 100);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(100);
    expect(gateTimeout(settled)).toBeInstanceOf(GateWaitTimeout);
    expect(reports).toHaveLength(1);
  });

  it('is off outside test mode (production keeps no timers and takes no stacks)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    handle = await openDatabase({ DATABASE_PATH: ':memory:', NODE_ENV: 'production' });
    const { db } = handle;
    // A statement behind a transaction that holds the gate across a timer tick.
    let release!: () => void;
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const holding = db.transaction(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
          opened();
        }),
    );
    await open;
    const waiting = db.run(sql`select 1`);
    expect(vi.getTimerCount()).toBe(0);
    release();
    await Promise.all([holding, waiting]);
  });
});
