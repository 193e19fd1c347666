import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * What the scale bench started (server processes, PostgreSQL, temp folders) is undone in reverse order: in the bench's
 * finally block, on Ctrl-C, and when the whole bench outlives its hard timeout. Each phase is bounded as well.
 */
const cleanups: Array<() => Promise<void> | void> = [];

export function onCleanup(undo: () => Promise<void> | void): void {
  cleanups.push(undo);
}

export async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    const undo = cleanups.pop()!;
    try {
      await withTimeout(Promise.resolve(undo()), 15_000, 'clean-up step');
    } catch (error) {
      console.error(`  clean-up: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

let interrupted = false;
/** Ctrl-C (or SIGTERM) stops every child and PostgreSQL before the process ends. */
export function cleanUpOnSignals(): () => void {
  const handler = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n  ${signal}: stopping servers and PostgreSQL…`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const here = dirname(fileURLToPath(import.meta.url));

export interface SocialServer {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/**
 * bench/servers/social.ts (the real server, socket and connection caps raised for 1,000 loopback sockets) on the
 * SQLite file `databasePath`, or on PostgreSQL when `env` has DATABASE_URL and APP_SECRET. Stopped on clean-up.
 */
export async function startSocialServer(databasePath: string, env: NodeJS.ProcessEnv = {}): Promise<SocialServer> {
  // BENCH_CPU_PROF=<folder>, as for bench/serverProcess.ts: each server writes a CPU profile there when it exits.
  const profiling = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const script = join(here, '../servers/social.ts');
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', script, databasePath], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  onCleanup(stop);
  const line = await withTimeout(
    new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
      createInterface({ input: child.stdout }).once('line', resolve);
    }),
    60_000,
    'bench server start',
  );
  return { child, url: `http://127.0.0.1:${JSON.parse(line).port}`, stop };
}

/**
 * Runs a bench that starts servers and PostgreSQL: clean-up on Ctrl-C, in the end, and when it outlives `hardTimeoutMs`
 * (everything stopped, the process ends).
 */
export async function boundedBench<T>(name: string, hardTimeoutMs: number, work: () => Promise<T>): Promise<T> {
  const stopSignals = cleanUpOnSignals();
  const hardStop = setTimeout(() => {
    console.error(`  ${name} bench outlived ${hardTimeoutMs / 60_000} min: stopping everything`);
    void cleanUp().finally(() => process.exit(1));
  }, hardTimeoutMs);
  hardStop.unref();
  try {
    return await work();
  } finally {
    clearTimeout(hardStop);
    await cleanUp();
    stopSignals();
  }
}
