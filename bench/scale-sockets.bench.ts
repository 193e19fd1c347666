import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, startPostgres } from '../tests/helpers/postgres';
import { DURATION_S, measureDelivery, percentile, type DeliveryResult } from './scale/delivery';
import { boundedBench, onCleanup, startSocialServer, withTimeout } from './scale/lifecycle';
import { seedSocialDatabase } from './social/seed';
import type { Bench, BenchFigure } from './types';

/**
 * Issue 29 §2: one instance carries 10,000 `/ws` sockets and 1,000 direct messages a second. On one embedded
 * PostgreSQL: SCALE_SOCKETS users (default 10,000; each with a session and two ring friends) with a `/ws` socket each,
 * spread evenly over the instances, and SCALE_RATE messages a second (default 1,000) for BENCH_DURATION_S (10 s), each
 * POSTed to a random instance; first with one instance, then with two. Prints sends refused (timed out at 10 s or
 * not 201), lost, delivered twice, and delivery p50 / p99 (POST start to the receiver's frame). The load generator is
 * this one process (sockets, POSTs, JSON), on the same cores as the servers and PostgreSQL. Loopback only; every phase
 * is bounded, and servers, sockets and PostgreSQL are stopped in finally and on Ctrl-C.
 */
const SOCKETS = Number(process.env.SCALE_SOCKETS ?? 10_000);
const RATE = Number(process.env.SCALE_RATE ?? 1_000);
/** SCALE_PATTERN=pairs: senders that share nobody with the message before (see bench/scale/delivery.ts). */
const PATTERN = process.env.SCALE_PATTERN === 'pairs' ? 'pairs' : 'chain';
const APP_SECRET = 'bench-scale-secret-bench-scale-secret-0';
const HARD_TIMEOUT_MS = 25 * 60_000;
const round = (ms: number) => Math.round(ms * 10) / 10;

function figuresOf(instances: number, r: DeliveryResult): BenchFigure[] {
  const mode = `${instances} instance${instances > 1 ? 's' : ''}, ${SOCKETS} sockets, ${RATE} msg/s`;
  return [
    { label: `sends refused (${mode})`, value: r.refused, unit: 'messages', target: { max: 1 } },
    { label: `messages lost (${mode})`, value: r.lost, unit: 'messages', target: { max: 1 } },
    { label: `messages delivered twice (${mode})`, value: r.duplicated, unit: 'messages', target: { max: 1 } },
    { label: `delivery p50 (${mode})`, value: round(percentile(r.latencies, 50)), unit: 'ms' },
    { label: `delivery p99 (${mode})`, value: round(percentile(r.latencies, 99)), unit: 'ms', target: { max: 100 } },
    {
      label: `CPU per message (${mode}: servers + PostgreSQL backends)`,
      value: round(r.serverCpuPerMessage + r.postgresCpuPerMessage),
      unit: 'ms',
    },
  ];
}

function describe(name: string, r: DeliveryResult): void {
  const p = (list: number[], q: number) => round(percentile(list, q));
  console.log(
    `    ${name}: sent ${r.sent}, refused ${r.refused}, received ${r.received}, lost ${r.lost}, twice ${r.duplicated}` +
      ` (warm-up lost ${r.warmUpLost}); delivery p50 ${p(r.latencies, 50)} p99 ${p(r.latencies, 99)} max ${p(r.latencies, 100)} ms;` +
      ` POST p50 ${p(r.postTimes, 50)} p99 ${p(r.postTimes, 99)} ms; CPU per message: servers ${r.serverCpuPerMessage.toFixed(2)} ms,` +
      ` PostgreSQL ${r.postgresCpuPerMessage.toFixed(2)} ms; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
  );
}

const bench: Bench = {
  name: `scale: ${SOCKETS} sockets, ${RATE} messages/s (${PATTERN}), one and two instances`,
  async run(): Promise<BenchFigure[]> {
    return boundedBench('scale-sockets', HARD_TIMEOUT_MS, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tickwise-scale-sockets-'));
      onCleanup(() => rmSync(dir, { recursive: true, force: true }));
      const postgres = await withTimeout(startPostgres(), 120_000, 'starting PostgreSQL');
      onCleanup(() => postgres.stop());
      const figures: BenchFigure[] = [];
      // One database for both cases: a feed starts after the newest message, so the second case ignores the first's.
      const database = await withTimeout(createDatabase(postgres.url), 30_000, 'creating the database');
      onCleanup(() => database.drop());
      const settings = { DATABASE_URL: database.url, DATABASE_PATH: join(dir, 'unused.db') };
      const seedStarted = performance.now();
      const seed = await withTimeout(seedSocialDatabase(settings, SOCKETS), 600_000, 'seed');
      console.log(`  seeded ${SOCKETS} users in ${Math.round(performance.now() - seedStarted)} ms`);
      for (const instances of [1, 2]) {
        const env = {
          DATABASE_URL: database.url,
          APP_SECRET,
          BENCH_MAX_CONNECTIONS: String(SOCKETS + 5_000),
        };
        const servers = [];
        for (let i = 0; i < instances; i++) servers.push(await startSocialServer(settings.DATABASE_PATH, env));
        const result = await measureDelivery(
          servers.map((s) => ({ url: s.url, pid: s.child.pid! })),
          seed,
          new URL(database.url).pathname.slice(1),
          { rate: RATE, spreadAddresses: true, pattern: PATTERN },
        );
        describe(`${instances} instance(s), ${RATE}/s for ${DURATION_S} s`, result);
        figures.push(...figuresOf(instances, result));
        await Promise.all(servers.map((s) => s.stop()));
      }
      return figures;
    });
  },
};

export default bench;
