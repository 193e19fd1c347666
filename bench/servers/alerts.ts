import { createInterface } from 'node:readline';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { closeDeps, createDeps } from '../../src/server/deps';
import { steeredMarket } from '../../tests/helpers/steeredMarket';

/**
 * The real Tickwise server for the alerts bench, on the SQLite file argv[2] or on DATABASE_URL (with APP_SECRET),
 * with the simulated market whose price of a few symbols the bench sets: one JSON line on stdin per change,
 * {"symbol":"AAPL","price":120}. Prints {"port": n}. Everything else is production's, the poll interval
 * (MARKET_LIVE_POLL_MS from the environment) and the per-address caps for the bench's sockets aside.
 */
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
  DATABASE_PATH: process.argv[2],
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  APP_SECRET: process.env.APP_SECRET ?? 'bench-secret-bench-secret-bench-secret-0',
  STATUS_PROBE_INTERVAL_MS: '0',
  TRUST_PROXY: 'loopback',
  MARKET_LIVE_POLL_MS: process.env.MARKET_LIVE_POLL_MS ?? '500',
  WS_MAX_CONNECTIONS_PER_ADDRESS: '200',
});
const market = steeredMarket();
const deps = await createDeps(config, { log: pino({ level: 'warn' }), market: { provider: market.provider } });
const app = await buildApp(deps);
await app.http.listen({ port: 0, host: '127.0.0.1' });
const address = app.http.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));

createInterface({ input: process.stdin }).on('line', (line) => {
  const { symbol, price } = JSON.parse(line) as { symbol: string; price: number };
  market.set(symbol, price);
});

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
