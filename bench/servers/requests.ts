import { startTestServer } from '../../tests/helpers/testServer';

/**
 * The real Tickwise server (simulated market, temp SQLite file, or the PostgreSQL database in DATABASE_URL) on a free
 * loopback port for bench/requests.bench.ts; prints {"port": n}. It counts the statements it sends to the database
 * and answers {"queries": n} to a 'queries' message on its IPC channel, so the bench can divide by requests served.
 */
let queries = 0;
const env: Record<string, string> = {};
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
if (process.env.APP_SECRET) env.APP_SECRET = process.env.APP_SECRET;
const server = await startTestServer(env, { onQuery: () => void queries++ });
console.log(JSON.stringify({ port: Number(new URL(server.url).port) }));
process.on('message', (message) => {
  if (message === 'queries') process.send?.({ queries });
});
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
