import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ACCESS_LINES_PER_ROUTE_PER_SECOND } from '../src/server/http/accessLineBudget';
import { POPULAR_WATCHLIST } from '../src/shared/market/constants';
import { pinToCpu } from './lib/cpuPinning';
import { processCpuMicros } from './lib/processCpu';
import { startTickwiseLikeNpmStart } from './lib/startedServer';
import type { Bench, BenchFigure } from './types';

/**
 * POST /api/stocks/quotes with the 12 popular symbols on a warm cache, against a bare node:http server answering the
 * same bytes. Tickwise runs exactly as `npm start` runs it (production, default settings: info logging to its
 * stdout, here a file); each server is its own process so the load generator (this process) does not share its
 * event loop. Loopback only, 50 connections, a few seconds each.
 */
const here = dirname(fileURLToPath(import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const ROUNDS = 8;
const CONNECTIONS = 50;
const TARGET_RATIO = 0.6;

interface Target {
  child: ChildProcess;
  url: string;
}

function startBare(body: string): Promise<Target & { stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'servers/bare.ts'), body], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) =>
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

interface Run {
  rps: number;
  p99: number;
  /** Server CPU microseconds per answered request (NaN without /proc). */
  cpuPerRequest: number;
  requests: number;
}

async function load(server: Target, path: string, body: string, duration: number): Promise<Run> {
  const url = `${server.url}${path}`;
  const cpuBefore = processCpuMicros(server.child.pid!) ?? NaN;
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    duration,
  });
  const cpuAfter = processCpuMicros(server.child.pid!) ?? NaN;
  if (result.errors || result.non2xx)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuPerRequest: (cpuAfter - cpuBefore) / result.requests.total,
    requests: result.requests.total,
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The whole measurement, for this bench and for bench/scale.bench.ts (which runs it with the server on PostgreSQL):
 * `env` adds settings to the server's, `mode` names them in the labels ('' for the defaults).
 */
export async function quotesVersusBare(
  env: NodeJS.ProcessEnv = {},
  mode = '',
): Promise<{ figures: BenchFigure[]; ratio: number }> {
  const requestBody = JSON.stringify({ symbols: [...POPULAR_WATCHLIST] });
  const app = await startTickwiseLikeNpmStart(env);
  let bare: Awaited<ReturnType<typeof startBare>> | null = null;
  try {
    const warm = await fetch(`${app.url}/api/stocks/quotes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: requestBody,
    });
    const answer = await warm.text();
    if (warm.status !== 200 || Object.keys(JSON.parse(answer)).length !== 12)
      throw new Error(`warm-up failed: ${answer}`);
    bare = await startBare(answer);
    // The load generator (this process) on one core, each server on the other.
    const pinned = pinToCpu(process.pid, 0) && pinToCpu(app.child.pid!, 1) && pinToCpu(bare.child.pid!, 1);
    console.log(
      `  ${pinned ? 'load generator on CPU 0, servers on CPU 1' : 'not pinned to CPUs (taskset unavailable)'}`,
    );
    // Unmeasured second each so the JIT settles; then the two servers take turns, so a noisy neighbour on the
    // machine slows both alike rather than one of them.
    await load(app, '/api/stocks/quotes', requestBody, 1);
    await load(bare, '/', requestBody, 1);
    const logBefore = app.log().split('\n').length;
    // Short rounds in adjacent pairs: each pair meets the same neighbours' load, and the median pair ratio ignores
    // a round that a burst elsewhere on the machine happened to hit.
    const rounds = ROUNDS;
    const appRuns: Run[] = [];
    const bareRuns: Run[] = [];
    for (let i = 0; i < rounds; i++) {
      const first = i % 2 === 0;
      if (first) appRuns.push(await load(app, '/api/stocks/quotes', requestBody, DURATION_S / rounds));
      bareRuns.push(await load(bare, '/', requestBody, DURATION_S / rounds));
      if (!first) appRuns.push(await load(app, '/api/stocks/quotes', requestBody, DURATION_S / rounds));
    }
    const appRps = mean(appRuns.map((r) => r.rps));
    const bareRps = mean(bareRuns.map((r) => r.rps));
    const pairRatios = appRuns.map((r, i) => r.rps / bareRuns[i].rps);
    const appCpu = mean(appRuns.map((r) => r.cpuPerRequest));
    const bareCpu = mean(bareRuns.map((r) => r.cpuPerRequest));
    const logLines = app.log().split('\n').length - logBefore;
    console.log(
      `  ${CONNECTIONS} connections, ${DURATION_S} s per server in ${rounds} paired rounds, response ${answer.length} bytes`,
    );
    console.log(
      `  rounds (req/s): quotes ${appRuns.map((r) => Math.round(r.rps)).join(', ')}; bare ${bareRuns.map((r) => Math.round(r.rps)).join(', ')}`,
    );
    console.log(
      `  pair ratios: ${pairRatios.map((r) => r.toFixed(2)).join(', ')} (mean-throughput ratio ${(appRps / bareRps).toFixed(2)})`,
    );
    const answered = appRuns.reduce((sum, r) => sum + r.requests, 0);
    console.log(
      `  server log during the measured rounds: ${logLines} lines for ${answered} requests ` +
        `(a line each up to ${ACCESS_LINES_PER_ROUTE_PER_SECOND} a second per route, then a count a second)`,
    );
    const figures: BenchFigure[] = [
      { label: 'POST /api/stocks/quotes (12 symbols, warm) throughput', value: Math.round(appRps), unit: 'req/s' },
      { label: 'POST /api/stocks/quotes p99 latency', value: Math.max(...appRuns.map((r) => r.p99)), unit: 'ms' },
      { label: 'bare node:http (same JSON) throughput', value: Math.round(bareRps), unit: 'req/s' },
      { label: 'bare node:http p99 latency', value: Math.max(...bareRuns.map((r) => r.p99)), unit: 'ms' },
      {
        label: 'quotes / bare throughput ratio (npm start defaults, median of paired rounds)',
        value: Math.round(median(pairRatios) * 100) / 100,
        unit: 'x',
        target: { min: TARGET_RATIO },
      },
    ];
    if (Number.isFinite(appCpu) && Number.isFinite(bareCpu)) {
      // Server CPU per request does not depend on what else the machine is doing: a steadier view of the same ratio.
      figures.push(
        { label: 'server CPU per request: quotes', value: round1(appCpu), unit: 'µs' },
        { label: 'server CPU per request: bare', value: round1(bareCpu), unit: 'µs' },
        {
          label: 'bare / quotes CPU-per-request ratio',
          value: Math.round((bareCpu / appCpu) * 100) / 100,
          unit: 'x',
        },
      );
    }
    const ratio = median(pairRatios);
    if (mode) for (const figure of figures) figure.label = `${figure.label} [${mode}]`;
    return { figures, ratio };
  } finally {
    await app.stop();
    if (bare) await bare.stop();
  }
}

const bench: Bench = {
  name: 'quotes endpoint (npm start defaults) vs bare node:http',
  run: async () => (await quotesVersusBare()).figures,
};

export default bench;
