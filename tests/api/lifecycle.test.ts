import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closedOf, openSocket } from '../helpers/sockets';
import { within } from '../helpers/waitFor';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'tickwise-life-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('server process', () => {
  it('exits with code 1 and a clear message on a bad setting', async () => {
    const run = startMain({ PORT: 'not-a-port', DATABASE_PATH: join(dir, 'bad.db') });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Invalid configuration[\s\S]*PORT/);
  });

  it('stops with one line naming DATABASE_URL and its host, never the password, when PostgreSQL is unreachable', async () => {
    const port = await freePort(); // nothing listens there
    const run = startMain({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://tickwise:s3cret-pw@127.0.0.1:${port}/tickwise`,
      APP_SECRET: 'lifecycle-secret-lifecycle-secret-0123',
    });
    expect(await within(run.exited, 20_000, 'exit')).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toEqual([
      `DATABASE_URL: cannot use PostgreSQL at 127.0.0.1:${port}/tickwise: nothing is listening there. Check the URL and that the server is running.`,
    ]);
    expect(run.output()).not.toContain('s3cret-pw');
  });

  it('refuses a DATABASE_URL that is not a postgres:// URL, or one without APP_SECRET, naming the variable', async () => {
    const wrongScheme = startMain({ PORT: String(await freePort()), DATABASE_URL: 'mysql://root:s3cret-pw@db/app' });
    expect(await within(wrongScheme.exited, 20_000, 'exit')).toBe(1);
    expect(wrongScheme.output()).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(wrongScheme.output()).not.toContain('s3cret-pw');

    const noSecret = startMain({
      PORT: String(await freePort()),
      DATABASE_URL: 'postgres://u:s3cret-pw@127.0.0.1/app',
    });
    expect(await within(noSecret.exited, 20_000, 'exit')).toBe(1);
    expect(noSecret.output()).toMatch(/APP_SECRET: required with DATABASE_URL, and equal on every instance/);
    expect(noSecret.output()).not.toContain('s3cret-pw');
  });

  it('creates the database folder, serves, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const run = startMain({ PORT: String(port), DATABASE_PATH: join(dir, 'nested/folder/app.db') });
    const deadline = Date.now() + 20_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await new Promise((r) => setTimeout(r, 100));
    }
    expect(healthy).toBe(true);
    // An open websocket must not hold the shutdown up (the server used to wait for it before closing sockets).
    const socket = await openSocket(`http://127.0.0.1:${port}`, '/trpc');
    if (socket.kind !== 'open') throw new Error(`upgrade refused: ${socket.status}`);
    const closed = closedOf(socket.ws);
    run.child.kill('SIGTERM');
    expect(await within(run.exited, 10_000, 'exit after SIGTERM')).toBe(0);
    await within(closed, 2_000, 'the socket to close');
    expect(run.output()).toMatch(/shutting down/);
  });
});
