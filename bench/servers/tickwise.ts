import { parseArgs } from 'node:util';
import { createLibuvPasswordHasher } from '../../src/server/modules/auth/passwords';
import { startTestServer } from '../../tests/helpers/testServer';

/**
 * The real Tickwise server (simulated market, temp database) on a free loopback port; prints {"port": n}.
 * --client DIR serves a built client from DIR; --hasher libuv hashes passwords the old way (argon2's async
 * functions on libuv's thread pool) so a bench can compare.
 */
const { values } = parseArgs({ options: { client: { type: 'string' }, hasher: { type: 'string' } } });
const server = await startTestServer(
  {},
  values.hasher === 'libuv' ? { passwords: createLibuvPasswordHasher() } : {},
  values.client,
);
console.log(JSON.stringify({ port: Number(new URL(server.url).port) }));
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
// The bench asks for this process's CPU time to compare servers independently of other load on the machine.
process.on('SIGUSR2', () => console.log(JSON.stringify(process.cpuUsage())));
