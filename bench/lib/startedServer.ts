import type { ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureFreshBuild, spawnProductionServer } from '../../scripts/lib/productionServer';

export interface StartedTickwise {
  child: ChildProcess;
  url: string;
  /** Everything the server logged so far (its stdout, as `npm start` would print it). */
  log(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} did not become healthy in ${timeoutMs} ms`);
}

/**
 * Tickwise started the way `npm start` starts it (scripts/lib/productionServer.ts: same command, NODE_ENV=production,
 * default LOG_LEVEL), on a free loopback port with a fresh database. Its log goes to a file, as a service's would.
 * `env` adds settings, e.g. DATABASE_URL and APP_SECRET to run it on PostgreSQL (bench/scale.bench.ts).
 */
export async function startTickwiseLikeNpmStart(env: NodeJS.ProcessEnv = {}): Promise<StartedTickwise> {
  ensureFreshBuild();
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-bench-'));
  const port = await freePort();
  const logPath = join(dir, 'server.log');
  const logFd = openSync(logPath, 'w');
  const child = spawnProductionServer(
    { PORT: String(port), HOST: '127.0.0.1', DATABASE_PATH: join(dir, 'bench.db'), ...env },
    ['ignore', logFd, 'inherit'],
  );
  closeSync(logFd);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child);
  } catch (error) {
    console.error(readFileSync(logPath, 'utf8'));
    await stop();
    throw error;
  }
  return { child, url, log: () => readFileSync(logPath, 'utf8'), stop };
}
