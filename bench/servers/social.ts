import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { closeDeps, createDeps } from '../../src/server/deps';

/**
 * The real Tickwise server on a database the bench seeded (argv[2], or DATABASE_URL from the environment with
 * APP_SECRET), on a free loopback port; prints {"port": n}.
 * The per-address websocket and connection caps and the connection cap are raised (bounded) because every one of the bench's 1,000
 * sockets comes from 127.0.0.1; nothing else differs from production.
 */
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  DATABASE_PATH: process.argv[2],
  // On PostgreSQL (bench/scale.bench.ts) every instance gets the same database and the same secret.
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  APP_SECRET: process.env.APP_SECRET ?? 'bench-secret-bench-secret-bench-secret-0',
  STATUS_PROBE_INTERVAL_MS: '0',
  WS_MAX_CONNECTIONS_PER_ADDRESS: '1200',
  // bench/scale-sockets.bench.ts holds 10,000 sockets (spread over 50 loopback addresses) and raises these.
  HTTP_MAX_CONNECTIONS: process.env.BENCH_MAX_CONNECTIONS ?? '1500',
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: process.env.BENCH_MAX_CONNECTIONS ?? '1500',
});
const deps = await createDeps(config, { log: pino({ level: 'silent' }) });
const app = await buildApp(deps);
await app.http.listen({ port: 0, host: '127.0.0.1' });
const address = app.http.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.on('SIGTERM', () => {
  app.http.close().then(
    async () => {
      await closeDeps(deps);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});

// BENCH_DEBUG=1: say when the event loop stalls and whether this process was busy meanwhile (CPU used close to the
// stall: our own work or GC; far below it: the process was not running, e.g. other load on the machine).
if (process.env.BENCH_DEBUG) {
  const { PerformanceObserver } = await import('node:perf_hooks');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.duration > 30) console.error(`  [server] gc ${Math.round(entry.duration)} ms`);
  }).observe({ entryTypes: ['gc'] });
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    if (now - last > 80) {
      console.error(
        `  [server] event loop blocked ~${Math.round(now - last - 20)} ms, CPU used meanwhile ${Math.round((cpu.user + cpu.system) / 1000)} ms`,
      );
    }
    last = now;
    lastCpu = process.cpuUsage();
  }, 20).unref();
}
