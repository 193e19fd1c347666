import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * A bench server in a process of its own (bench/servers/*.ts), so the load generator never shares its event loop.
 * The server prints {"port": n} first.
 */
const here = dirname(fileURLToPath(import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/** BENCH_CPU_PROF=<folder>: each server writes a CPU profile there when it exits (Node refuses --cpu-prof in NODE_OPTIONS). */
const profiling = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

export function startServerProcess(script: string, args: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', join(here, 'servers', script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) =>
      resolve({
        child,
        url: `http://127.0.0.1:${JSON.parse(line).port}`,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      }),
    );
  });
}
