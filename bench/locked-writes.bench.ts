import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Db } from '../src/server/db/database';
import { openPostgres } from '../src/server/db/postgres';
import { exclusiveTransaction } from '../src/server/db/transactions';
import { createDatabase, startPostgres } from '../tests/helpers/postgres';
import { boundedBench, onCleanup, withTimeout } from './scale/lifecycle';
import type { Bench } from './types';

/**
 * Issue 29 §2: a write that decides under advisory locks (a direct message's send, a friend request, a portfolio
 * write) on one embedded PostgreSQL and a pool of 10. Each transaction takes three keys' locks (a send's: sender,
 * receiver, pair; keys differ between transactions, so nobody waits on a lock), reads one row and writes one, with
 * 50 in flight. Run in turns in one process: `exclusiveTransaction` (BEGIN and the locks in one round trip,
 * db/pgLockedTransaction.ts) against the way it ran before, drizzle's `transaction` followed by a SELECT of the locks.
 * Prints transactions a second and this process's CPU per transaction (the server's side of each round trip).
 */
const ROUNDS = 3;
const PER_ROUND = 3_000;
const IN_FLIGHT = 50;

type Locked = (db: Db, keys: readonly string[], work: (tx: Db) => Promise<void>) => Promise<void>;

/** As db/transactions.ts ran before: drizzle's BEGIN, then one SELECT taking every lock. */
const beginThenLock: Locked = (db, keys, work) =>
  (db as unknown as NodePgDatabase).transaction(async (tx) => {
    const locks = sql.join(
      [...keys].sort().map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`),
      sql`, `,
    );
    await tx.execute(sql`select ${locks}`);
    await work(tx as unknown as Db);
  });

async function timeWrites(db: Db, locked: Locked, round: number): Promise<{ perSecond: number; cpuUs: number }> {
  const pg = db as unknown as NodePgDatabase;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < PER_ROUND; i = next++) {
      const id = `${round}-${i}`;
      await locked(db, [`user:a${id}`, `user:b${id}`, `pair:${id}`], async (tx) => {
        const t = tx as unknown as NodePgDatabase;
        await t.execute(sql`select count(*) from bench_writes where k = ${id}`);
        await t.execute(sql`insert into bench_writes (k) values (${id})`);
      });
    }
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  await pg.execute(sql`truncate bench_writes`);
  return { perSecond: PER_ROUND / seconds, cpuUs: (used.user + used.system) / PER_ROUND };
}

const bench: Bench = {
  name: 'locked writes on PostgreSQL: BEGIN and the locks in one round trip',
  run: () =>
    boundedBench('locked-writes', 10 * 60_000, async () => {
      const postgres = await withTimeout(startPostgres(), 120_000, 'starting PostgreSQL');
      onCleanup(() => postgres.stop());
      const database = await withTimeout(createDatabase(postgres.url), 30_000, 'creating the database');
      onCleanup(() => database.drop());
      const handle = await openPostgres(database.url, () => {});
      onCleanup(() => handle.close());
      await (handle.db as unknown as NodePgDatabase).execute(sql`create table bench_writes (k text not null)`);
      const totals = { before: { perSecond: 0, cpuUs: 0 }, after: { perSecond: 0, cpuUs: 0 } };
      await timeWrites(handle.db, beginThenLock, -1);
      await timeWrites(handle.db, exclusiveTransaction, -2);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [which, locked] of [
          ['before', beginThenLock],
          ['after', exclusiveTransaction],
        ] as const) {
          const r = await timeWrites(handle.db, locked, round);
          console.log(
            `    round ${round + 1}, ${which}: ${Math.round(r.perSecond)}/s, ${r.cpuUs.toFixed(0)} µs CPU each`,
          );
          totals[which].perSecond += r.perSecond / ROUNDS;
          totals[which].cpuUs += r.cpuUs / ROUNDS;
        }
      }
      const { before, after } = totals;
      return [
        { label: 'locked writes a second, BEGIN then the locks (before)', value: before.perSecond, unit: '/s' },
        { label: 'locked writes a second, BEGIN and the locks in one message', value: after.perSecond, unit: '/s' },
        {
          label: 'throughput, after / before',
          value: after.perSecond / before.perSecond,
          unit: '×',
          target: { min: 1 },
        },
        { label: 'server CPU per locked write (before)', value: before.cpuUs, unit: 'µs' },
        { label: 'server CPU per locked write (after)', value: after.cpuUs, unit: 'µs' },
      ];
    }),
};

export default bench;
