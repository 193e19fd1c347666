import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, startPostgres } from '../tests/helpers/postgres';
import { quotesVersusBare } from './quotes.bench';
import { measureDelivery, percentile, RATE, DURATION_S, type DeliveryResult } from './scale/delivery';
import { boundedBench, onCleanup, startSocialServer, withTimeout } from './scale/lifecycle';
import { oneVersusTwo, seedPortfolio, THROUGHPUT } from './scale/throughput';
import { seedSocialDatabase } from './social/seed';
import type { Bench, BenchFigure } from './types';

/**
 * Issue 20: Tickwise on PostgreSQL with more than one instance.
 * 1. Delivery across instances: 1,000 users (sessions, ring friendships) on an embedded PostgreSQL, two server
 *    processes on it, 1,000 `/ws` sockets half on each, 100 DMs a second for 10 s to a ring neighbour on the other
 *    instance (POSTed to a random instance). Baseline in the same run: the same load on ONE SQLite instance.
 * 2. The quotes path on PostgreSQL: bench/quotes.bench.ts's measurement (ratio to bare node:http), SQLite and
 *    PostgreSQL mode.
 * 3. A database-bound route (GET /api/portfolios/{id}) on one instance against two on the same PostgreSQL.
 * Every phase is bounded; servers, sockets and PostgreSQL are stopped in finally and on Ctrl-C. Loopback only.
 */
const USERS = 1_000;
const APP_SECRET = 'bench-scale-secret-bench-scale-secret-0';
const HARD_TIMEOUT_MS = 10 * 60_000;
const round = (ms: number) => Math.round(ms * 10) / 10;
const ratio = (x: number) => Math.round(x * 100) / 100;

function describe(name: string, r: DeliveryResult): void {
  const p = (list: number[], q: number) => round(percentile(list, q));
  console.log(
    `    ${name}, one message at a time (after the warm-up): POST p50 ${p(r.idlePost, 50)} ms, delivery p50 ${p(r.idleDelivery, 50)} ms` +
      ` max ${p(r.idleDelivery, 100)} ms`,
  );
  console.log(
    `    ${name}, under load: receipt after the POST's answer p50 ${p(r.afterAnswer, 50)} p99 ${p(r.afterAnswer, 99)} ms;` +
      ` CPU per message: servers ${r.serverCpuPerMessage.toFixed(2)} ms, PostgreSQL backends ${r.postgresCpuPerMessage.toFixed(2)} ms;` +
      ` load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `    ${name}: sent ${r.sent} (${r.refused} refused), received ${r.received}, lost ${r.lost}, twice ${r.duplicated}` +
      ` (warm-up lost ${r.warmUpLost}); delivery p50 ${round(percentile(r.latencies, 50))} p95 ${round(percentile(r.latencies, 95))}` +
      ` p99 ${round(percentile(r.latencies, 99))} max ${round(r.latencies.at(-1) ?? NaN)} ms; POST p50 ${round(percentile(r.postTimes, 50))}` +
      ` p99 ${round(percentile(r.postTimes, 99))} ms`,
  );
}

function deliveryFigures(r: DeliveryResult, base: DeliveryResult): BenchFigure[] {
  const p = (list: number[], q: number) => round(percentile(list, q));
  const mode = `2 PostgreSQL instances, ${USERS} sockets, ${RATE} msg/s`;
  return [
    { label: `delivery p50 (${mode})`, value: p(r.latencies, 50), unit: 'ms' },
    { label: `delivery p95 (${mode})`, value: p(r.latencies, 95), unit: 'ms' },
    { label: `delivery p99 (${mode})`, value: p(r.latencies, 99), unit: 'ms', target: { max: 50 } },
    { label: 'delivery p99, POSTed to the receiver’s instance (local bus)', value: p(r.local, 99), unit: 'ms' },
    { label: 'delivery p99, POSTed to the other instance (NOTIFY)', value: p(r.crossing, 99), unit: 'ms' },
    { label: 'messages sent (2 instances)', value: r.sent, unit: 'messages' },
    { label: 'messages received (2 instances)', value: r.received, unit: 'messages' },
    { label: 'messages lost (2 instances)', value: r.lost + r.warmUpLost, unit: 'messages', target: { max: 1 } },
    { label: 'messages received twice (2 instances)', value: r.duplicated, unit: 'messages', target: { max: 1 } },
    { label: 'sends refused (2 instances)', value: r.refused, unit: 'messages', target: { max: 1 } },
    { label: 'baseline: delivery p50 (1 SQLite instance)', value: p(base.latencies, 50), unit: 'ms' },
    { label: 'baseline: delivery p95 (1 SQLite instance)', value: p(base.latencies, 95), unit: 'ms' },
    { label: 'baseline: delivery p99 (1 SQLite instance)', value: p(base.latencies, 99), unit: 'ms' },
    {
      label: 'baseline: sent / received / lost / twice (1 SQLite instance)',
      value: base.lost + base.warmUpLost + base.duplicated,
      unit: `lost+twice (sent ${base.sent}, received ${base.received}, lost ${base.lost}, twice ${base.duplicated})`,
    },
    { label: 'one message at a time: delivery p50, 2 PostgreSQL instances', value: p(r.idleDelivery, 50), unit: 'ms' },
    { label: 'one message at a time: delivery p50, 1 SQLite instance', value: p(base.idleDelivery, 50), unit: 'ms' },
    {
      label: 'CPU per message, 2 PostgreSQL instances (servers + PostgreSQL backends)',
      value: round(r.serverCpuPerMessage + r.postgresCpuPerMessage),
      unit: 'ms',
    },
    { label: 'CPU per message, 1 SQLite instance', value: round(base.serverCpuPerMessage), unit: 'ms' },
    {
      label: 'delivery p50 ratio, 2 PostgreSQL instances / 1 SQLite',
      value: ratio(percentile(r.latencies, 50) / percentile(base.latencies, 50)),
      unit: 'x',
    },
    {
      label: 'delivery p99 ratio, 2 PostgreSQL instances / 1 SQLite',
      value: ratio(percentile(r.latencies, 99) / percentile(base.latencies, 99)),
      unit: 'x',
    },
  ];
}

/** quotes.bench.ts pins this process to one CPU; children started later would inherit that. */
function unpin(): void {
  try {
    execFileSync('taskset', ['-a', '-cp', `0-${cpus().length - 1}`, String(process.pid)], { stdio: 'ignore' });
  } catch {
    // No taskset: nothing was pinned either.
  }
}

const bench: Bench = {
  name: 'scale: PostgreSQL, two instances',
  async run(): Promise<BenchFigure[]> {
    return boundedBench('scale', HARD_TIMEOUT_MS, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tickwise-scale-bench-'));
      onCleanup(() => rmSync(dir, { recursive: true, force: true }));
      const figures: BenchFigure[] = [];

      // 1a. Baseline: one SQLite instance, same users, same load.
      console.log('  1. delivery across instances');
      const sqlitePath = join(dir, 'social.db');
      const sqliteSeed = await withTimeout(seedSocialDatabase({ DATABASE_PATH: sqlitePath }, USERS), 120_000, 'seed');
      const sqliteServer = await startSocialServer(sqlitePath);
      const base = await measureDelivery([{ url: sqliteServer.url, pid: sqliteServer.child.pid! }], sqliteSeed);
      await sqliteServer.stop();
      describe(`1 SQLite instance, ${RATE}/s for ${DURATION_S} s`, base);

      // 1b. Two instances on one PostgreSQL.
      const postgres = await withTimeout(startPostgres(), 120_000, 'starting PostgreSQL');
      onCleanup(() => postgres.stop());
      const database = await withTimeout(createDatabase(postgres.url), 30_000, 'creating the database');
      onCleanup(() => database.drop());
      const settings = { DATABASE_URL: database.url, DATABASE_PATH: join(dir, 'unused.db') };
      const seedStarted = performance.now();
      const seed = await withTimeout(seedSocialDatabase(settings, USERS), 120_000, 'seed');
      console.log(`    seeded PostgreSQL: ${USERS} users in ${Math.round(performance.now() - seedStarted)} ms`);
      const env = { DATABASE_URL: database.url, APP_SECRET };
      const servers = [
        await startSocialServer(settings.DATABASE_PATH, env),
        await startSocialServer(settings.DATABASE_PATH, env),
      ];
      const dbName = new URL(database.url).pathname.slice(1);
      const pg = await measureDelivery(
        servers.map((s) => ({ url: s.url, pid: s.child.pid! })),
        seed,
        dbName,
      );
      describe(`2 PostgreSQL instances, ${RATE}/s for ${DURATION_S} s`, pg);
      figures.push(...deliveryFigures(pg, base));

      // 3. One instance against two on a database-bound route (the instances of 1b, sockets closed).
      console.log(
        `  3. GET /api/portfolios/{id}: one instance against two, same PostgreSQL (load average ${loadavg()[0].toFixed(1)})`,
      );
      const portfolioId = await seedPortfolio(servers[0].url, seed.users[0]);
      const t = await oneVersusTwo(
        servers.map((s) => ({ url: s.url, pid: s.child.pid! })),
        seed.users[0],
        portfolioId,
        dbName,
      );
      for (const [name, run] of [
        ['1 instance ', t.one],
        ['2 instances', t.two],
      ] as const)
        console.log(
          `    ${name}: ${Math.round(run.rps)} req/s, p99 ${run.p99} ms; machine CPU busy ${Math.round(run.machineBusy * 100)}% of ${cpus().length} cores;` +
            ` cores used: servers ${run.serverCores.toFixed(2)}, PostgreSQL backends ${run.postgresCores.toFixed(2)}, load generator ${run.loadCores.toFixed(2)}`,
        );
      const limiter =
        t.two.machineBusy > 0.9
          ? `CPU-bound: the ${cpus().length} cores were ${Math.round(t.two.machineBusy * 100)}% busy with two instances (servers ${t.two.serverCores.toFixed(2)} + PostgreSQL ${t.two.postgresCores.toFixed(2)} + load generator ${t.two.loadCores.toFixed(2)} cores, the rest other work on the machine), so a second instance can only share the same cores`
          : `cores not saturated (${Math.round(t.two.machineBusy * 100)}% busy): the limit is waiting on PostgreSQL round trips / the load generator`;
      console.log(`    note: ${limiter}`);
      figures.push(
        {
          label: `${t.path} throughput, 1 instance (${THROUGHPUT.CONNECTIONS} connections, ${THROUGHPUT.DURATION_S} s)`,
          value: Math.round(t.one.rps),
          unit: 'req/s',
        },
        {
          label: `${t.path} throughput, 2 instances (same connections split over both)`,
          value: Math.round(t.two.rps),
          unit: 'req/s',
        },
        { label: 'throughput ratio, 2 instances / 1', value: ratio(t.two.rps / t.one.rps), unit: 'x' },
      );
      await Promise.all(servers.map((s) => s.stop()));

      // 2. The quotes path, SQLite and PostgreSQL mode (a fresh database for it), as bench/quotes.bench.ts measures.
      console.log(
        `  2. quotes path vs bare node:http, SQLite then PostgreSQL (load average ${loadavg()[0].toFixed(1)})`,
      );
      const quotesDb = await createDatabase(postgres.url);
      onCleanup(() => quotesDb.drop());
      let sqliteQuotes, pgQuotes;
      try {
        sqliteQuotes = await withTimeout(quotesVersusBare({}, 'SQLite'), 180_000, 'quotes bench (SQLite)');
        pgQuotes = await withTimeout(
          quotesVersusBare({ DATABASE_URL: quotesDb.url, APP_SECRET }, 'PostgreSQL'),
          180_000,
          'quotes bench (PostgreSQL)',
        );
      } finally {
        unpin();
      }
      figures.push(
        ...sqliteQuotes.figures.filter((f) => f.label.startsWith('quotes / bare') || f.label.includes('throughput')),
        ...pgQuotes.figures.filter((f) => f.label.startsWith('quotes / bare') || f.label.includes('throughput')),
        {
          label: 'quotes ratio, PostgreSQL mode / SQLite mode',
          value: ratio(pgQuotes.ratio / sqliteQuotes.ratio),
          unit: 'x',
        },
      );
      return figures;
    });
  },
};

export default bench;
