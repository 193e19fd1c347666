import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { closeDeps, createDeps } from '../../src/server/deps';

/** The real Tickwise server (simulated market, temp database) on a free loopback port; prints {"port": n}. */
const dir = mkdtempSync(join(tmpdir(), 'tickwise-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  DATABASE_PATH: join(dir, 'bench.db'),
  APP_SECRET: 'bench-secret-bench-secret-bench-secret-0',
});
const deps = createDeps(config);
const { http } = await buildApp(deps, { clientDir: join(dir, 'no-client') });
await http.listen({ host: '127.0.0.1', port: 0 });
const address = http.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.on('SIGTERM', async () => {
  await http.close();
  closeDeps(deps);
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
// The bench asks for this process's CPU time to compare servers independently of other load on the machine.
process.on('SIGUSR2', () => console.log(JSON.stringify(process.cpuUsage())));
