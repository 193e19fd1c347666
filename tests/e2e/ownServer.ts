import { expect, type APIRequestContext } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { newUser, uniqueTestAddress } from './support';

/**
 * A server of a test's own (its own port and database), for tests that stop the server: the shared e2e server is
 * never stopped. Started again on the same port and database, it is the same server coming back.
 */

const root = join(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface Running {
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(port: number, databasePath: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: databasePath,
      LOG_LEVEL: 'warn',
      APP_SECRET: 'e2e-restart-secret-e2e-restart-secret-01',
      TRUST_PROXY: '1',
      STATUS_PROBE_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('server did not start within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function register(api: APIRequestContext, tag: string, firstName: string) {
  const user = newUser(tag, firstName);
  const res = await api.post('/api/auth/register', {
    data: { ...user, agreedToTerms: true, agreedToPrivacy: true },
    headers: { 'x-forwarded-for': uniqueTestAddress() },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { user, id: (await res.json()).id as string };
}
