import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { POPULAR_WATCHLIST } from '../src/shared/market/constants';
import type { Bench, BenchFigure } from './types';

/**
 * POST /api/stocks/quotes with the 12 popular symbols on a warm cache, against a bare node:http server answering the
 * same bytes. Each server runs in its own process so the load generator (this process) does not share its event
 * loop. Loopback only, 50 connections, a few seconds each.
 */
const here = dirname(fileURLToPath(import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 50;

interface Started {
  child: ChildProcess;
  url: string;
  /** CPU time (user + system, microseconds) the server process has used so far. */
  cpu(): Promise<number>;
}

function startServer(script: string, args: string[] = []): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'servers', script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // The server prints its port first, then one CPU reading per SIGUSR2.
  const lines: string[] = [];
  let waiting: ((line: string) => void) | null = null;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (waiting) {
      const deliver = waiting;
      waiting = null;
      deliver(line);
    } else lines.push(line);
  });
  const nextLine = () => (lines.length ? Promise.resolve(lines.shift()!) : new Promise<string>((r) => (waiting = r)));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    void nextLine().then((line) =>
      resolve({
        child,
        url: `http://127.0.0.1:${JSON.parse(line).port}`,
        async cpu() {
          child.kill('SIGUSR2');
          const usage = JSON.parse(await nextLine()) as { user: number; system: number };
          return usage.user + usage.system;
        },
      }),
    );
  });
}

async function stop({ child }: Started): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Run {
  rps: number;
  p99: number;
  /** Server CPU microseconds per answered request. */
  cpuPerRequest: number;
}

async function load(server: Started, path: string, body: string, duration: number): Promise<Run> {
  const url = `${server.url}${path}`;
  const cpuBefore = await server.cpu();
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    duration,
  });
  const cpuAfter = await server.cpu();
  if (result.errors || result.non2xx) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p99: result.latency.p99, cpuPerRequest: (cpuAfter - cpuBefore) / result.requests.total };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

const bench: Bench = {
  name: 'quotes endpoint vs bare node:http',
  async run(): Promise<BenchFigure[]> {
    const requestBody = JSON.stringify({ symbols: [...POPULAR_WATCHLIST] });
    const app = await startServer('tickwise.ts');
    let bare: Started | null = null;
    try {
      const warm = await fetch(`${app.url}/api/stocks/quotes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: requestBody,
      });
      const answer = await warm.text();
      if (warm.status !== 200 || Object.keys(JSON.parse(answer)).length !== 12) throw new Error(`warm-up failed: ${answer}`);
      bare = await startServer('bare.ts', [answer]);
      // Unmeasured second each so the JIT settles; then the two servers take turns, so a noisy neighbour on the
      // machine slows both alike rather than one of them.
      await load(app, '/api/stocks/quotes', requestBody, 1);
      await load(bare, '/', requestBody, 1);
      const rounds = 2;
      const appRuns: Run[] = [];
      const bareRuns: Run[] = [];
      for (let i = 0; i < rounds; i++) {
        appRuns.push(await load(app, '/api/stocks/quotes', requestBody, DURATION_S / rounds));
        bareRuns.push(await load(bare, '/', requestBody, DURATION_S / rounds));
      }
      const appRps = mean(appRuns.map((r) => r.rps));
      const bareRps = mean(bareRuns.map((r) => r.rps));
      const appCpu = mean(appRuns.map((r) => r.cpuPerRequest));
      const bareCpu = mean(bareRuns.map((r) => r.cpuPerRequest));
      console.log(`  ${CONNECTIONS} connections, ${DURATION_S} s per server in ${rounds} alternating rounds, response ${answer.length} bytes`);
      console.log(`  rounds (req/s): quotes ${appRuns.map((r) => Math.round(r.rps)).join(', ')}; bare ${bareRuns.map((r) => Math.round(r.rps)).join(', ')}`);
      return [
        { label: 'POST /api/stocks/quotes (12 symbols, warm) throughput', value: Math.round(appRps), unit: 'req/s' },
        { label: 'POST /api/stocks/quotes p99 latency', value: Math.max(...appRuns.map((r) => r.p99)), unit: 'ms' },
        { label: 'bare node:http (same JSON) throughput', value: Math.round(bareRps), unit: 'req/s' },
        { label: 'bare node:http p99 latency', value: Math.max(...bareRuns.map((r) => r.p99)), unit: 'ms' },
        { label: 'quotes / bare throughput ratio', value: Math.round((appRps / bareRps) * 100) / 100, unit: 'x', target: { min: 0.5 } },
        // Server CPU per request does not depend on what else the machine is doing: a steadier view of the same ratio.
        { label: 'server CPU per request: quotes', value: Math.round(appCpu * 10) / 10, unit: 'µs' },
        { label: 'server CPU per request: bare', value: Math.round(bareCpu * 10) / 10, unit: 'µs' },
        { label: 'bare / quotes CPU-per-request ratio', value: Math.round((bareCpu / appCpu) * 100) / 100, unit: 'x' },
      ];
    } finally {
      await stop(app);
      if (bare) await stop(bare);
    }
  },
};

export default bench;
