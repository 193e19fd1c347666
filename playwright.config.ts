import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/helpers/chromium';
import { haproxyBinary } from './tests/helpers/haproxy';

/** Workers re-read this file, so the port and database are chosen once and passed on through the environment. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DB ??= join(mkdtempSync(join(tmpdir(), 'tickwise-e2e-')), 'e2e.db');
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

// The load balancer's tests need HAProxy (`npm test` installs it as root on Debian, or stops with the command to run:
// scripts/testPrerequisites.ts). Run by hand without it, Playwright leaves those files out and says so; under CI a
// missing HAProxy fails the run, so no test is ever dropped where nobody reads the warning.
const withoutBalancer = haproxyBinary() === null;
const balancerSpecs = ['**/load-balancer.spec.ts', '**/market-desk-cluster.spec.ts'];
if (withoutBalancer && process.env.CI) {
  throw new Error(
    'HAProxy is not installed, and CI runs every test: install it (apt-get install -y haproxy) for the load balancer specs (tests/e2e/load-balancer.spec.ts, tests/e2e/market-desk-cluster.spec.ts).',
  );
}
if (withoutBalancer) console.warn(`HAProxy is not installed: ${balancerSpecs.join(', ')} are left out of this run.`);

export default defineConfig({
  testDir: 'tests/e2e',
  testIgnore: withoutBalancer ? balancerSpecs : [],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // The compiled server `npm start` runs (`npm run test:e2e` builds it first).
    command: 'node dist/server/main.js',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: process.env.E2E_DB,
      LOG_LEVEL: 'warn',
      APP_SECRET: 'e2e-secret-e2e-secret-e2e-secret-012345',
      // Lets a test that fails sign-ins on purpose do it from an address of its own (X-Forwarded-For): one
      // trusted hop, so the last X-Forwarded-For entry is the client, as behind one reverse proxy.
      TRUST_PROXY: '1',
      // Web push to the local push service a test starts on loopback (tests/e2e/push.spec.ts).
      WEB_PUSH_ALLOW_HOSTS: '127.0.0.1',
      // The status page's tests expect the database online: a round trip stalled by a machine running the whole
      // suite is no measure of it (tests/helpers/testServer.ts does the same).
      STATUS_DATABASE_SLOW_MS: '10000',
    },
  },
});
