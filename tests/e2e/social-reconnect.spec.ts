import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newUser, uniqueTestAddress } from './support';

/**
 * The social hub's socket survives a server restart (issue 11): a server of this test's own (its own port and
 * database, so the shared e2e server is never stopped) is stopped and started again on the same port; the page
 * reconnects within its 5 attempts, and the message sent while it was away arrives once.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const root = join(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(port: number, databasePath: string): Promise<Running> {
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

async function register(api: APIRequestContext, tag: string, firstName: string) {
  const user = newUser(tag, firstName);
  const res = await api.post('/api/auth/register', {
    data: { ...user, agreedToTerms: true, agreedToPrivacy: true },
    headers: { 'x-forwarded-for': uniqueTestAddress() },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { user, id: (await res.json()).id as string };
}

test('after the server restarts, the page reconnects and gets the message sent while it was away, once', async ({ browser }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-restart-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let server = await startServer(port, join(dir, 'restart.db'));
  const context = await browser.newContext({ baseURL });
  const bobApi = await playwrightRequest.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const ada = await register(page.request, 'restart-ada', 'Adaline');
    await register(bobApi, 'restart-bob', 'Bobbert');
    const sent = await (await bobApi.post('/api/friend-requests/send', { data: { username: ada.user.email } })).json();
    expect((await page.request.post(`/api/friend-requests/${sent.request.id}/accept`)).status()).toBe(200);
    const say = async (content: string) =>
      expect((await bobApi.post('/api/direct-messages/send', { data: { receiverId: ada.id, content } })).status()).toBe(201);

    await page.goto('/social');
    const status = page.getByTestId('realtime-status');
    await expect(status).toContainText('Real-time messaging active');
    await page.getByRole('button', { name: 'Message Bobbert Lovelace' }).click();
    await say('before the restart');
    await expect(page.getByTestId('message').filter({ hasText: 'before the restart' })).toBeVisible();

    await server.stop();
    await expect(status).toContainText('Reconnecting');
    server = await startServer(port, join(dir, 'restart.db'));
    // Sent as soon as the server is back, most likely before the page's next attempt: it arrives by catch-up.
    await say('while you were away');
    await expect(status).toContainText('Real-time messaging active', { timeout: 20_000 });
    await expect(page.getByTestId('message').filter({ hasText: 'while you were away' })).toHaveCount(1);
    await say('after the reconnect');
    await expect(page.getByTestId('message').filter({ hasText: 'after the reconnect' })).toHaveCount(1);
    await expect(page.getByTestId('message')).toHaveCount(3);
  } finally {
    await bobApi.dispose();
    await context.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
