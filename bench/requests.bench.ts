import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createDatabase, startEmbeddedPostgres } from '../tests/helpers/postgres';
import { processCpuMicros } from './lib/processCpu';
import { backendCpu } from './scale/cpu';
import { withTimeout } from './scale/lifecycle';
import { seedPortfolio } from './scale/throughput';
import type { Bench, BenchFigure } from './types';

/**
 * Issue 29, "requests that cost what they should": what one request costs the server, on SQLite and on (embedded)
 * PostgreSQL. The real server runs in a process of its own (bench/servers/requests.ts); autocannon loads it from here
 * with 50 connections, DURATION_S per route in turns of a third (measureAll), after an unmeasured second:
 *   GET /healthz (the baseline: routing and one `select 1`), GET /api/stock/AAPL (public, cached),
 *   GET /api/portfolios and GET /api/portfolios/{id} (10 holdings), both signed in.
 * For each: req/s, server CPU per request (the server process's CPU time from /proc over requests served), p50, p99,
 * statements sent to the database per request (the server counts them), and on PostgreSQL its backends' CPU per
 * request. Targets, as ratios to /healthz in the same run: the cached public read at most 2× its CPU per request, a
 * signed-in read at most 5×; at most 3 queries per signed-in read; p99 at most 5× p50 on every route.
 */
const here = dirname(fileURLToPath(import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 6);
const ROUNDS = 3;
const CONNECTIONS = 50;
const APP_SECRET = 'bench-requests-secret-bench-requests-0';
const round2 = (x: number) => Math.round(x * 100) / 100;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

interface Route {
  label: string;
  path: string;
  signedIn: boolean;
  /** Target for the CPU per request as a ratio to /healthz's. */
  cpuRatio?: number;
}

interface Measured {
  route: Route;
  rps: number;
  cpuMs: number;
  postgresCpuMs: number | null;
  p50: number;
  p99: number;
  queries: number;
}

interface RequestsServer {
  child: ChildProcess;
  url: string;
  queries(): Promise<number>;
  stop(): Promise<void>;
}

/** BENCH_CPU_PROF=<folder>: each server writes a CPU profile there when it exits, as bench/serverProcess.ts's do. */
const profiling = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

function startServer(env: NodeJS.ProcessEnv): Promise<RequestsServer> {
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', join(here, 'servers', 'requests.ts')], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
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
  const queries = () =>
    withTimeout(
      new Promise<number>((resolve) => {
        child.once('message', (m) => resolve((m as { queries: number }).queries));
        child.send('queries');
      }),
      5_000,
      'query count',
    );
  const started = new Promise<RequestsServer>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) =>
      resolve({ child, url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`, queries, stop }),
    );
  });
  return withTimeout(started, 60_000, 'bench server start').catch(async (error: unknown) => {
    await stop();
    throw error;
  });
}

async function register(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      email: 'requests-bench@example.com',
      password: 'bench-secret-1',
      firstName: 'R',
      lastName: 'B',
      agreedToTerms: true,
      agreedToPrivacy: true,
    }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`register: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0].split(';')[0];
}

/** One route's figures from one stretch of load; `combine` adds up several. */
interface Stretch {
  seconds: number;
  served: number;
  cpuMicros: number;
  backendMicros: number;
  queries: number;
  p50: number;
  p99: number;
}

async function loadOnce(server: RequestsServer, route: Route, cookie: string, seconds: number, database?: string) {
  const url = `${server.url}${route.path}`;
  const headers: Record<string, string> = route.signedIn ? { cookie } : {};
  const pid = server.child.pid!;
  const cpuBefore = processCpuMicros(pid) ?? NaN;
  const backendsBefore = database ? backendCpu(database) : null;
  const queriesBefore = await server.queries();
  const result = await withTimeout(
    autocannon({ url, headers, connections: CONNECTIONS, duration: seconds }),
    (seconds + 30) * 1000,
    `${route.path} load`,
  );
  const queries = (await server.queries()) - queriesBefore;
  const cpuMicros = (processCpuMicros(pid) ?? NaN) - cpuBefore;
  let backendMicros = 0;
  if (backendsBefore && database)
    for (const [p, after] of backendCpu(database)) backendMicros += after - (backendsBefore.get(p) ?? 0);
  if (result.errors || result.non2xx || result.timeouts)
    throw new Error(`${route.path}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  const stretch: Stretch = {
    seconds,
    served: result.requests.total,
    cpuMicros,
    backendMicros,
    queries,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
  return stretch;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function combine(route: Route, stretches: Stretch[], postgres: boolean): Measured {
  const sum = (key: keyof Stretch) => stretches.reduce((total, s) => total + s[key], 0);
  const served = sum('served');
  return {
    route,
    rps: Math.round(served / sum('seconds')),
    cpuMs: sum('cpuMicros') / 1000 / served,
    postgresCpuMs: postgres ? sum('backendMicros') / 1000 / served : null,
    // Percentiles do not add up: the median round's, so one round disturbed by the rest of the machine does not decide.
    p50: median(stretches.map((s) => s.p50)),
    p99: median(stretches.map((s) => s.p99)),
    queries: sum('queries') / served,
  };
}

/**
 * The routes take turns, ROUNDS times DURATION_S / ROUNDS each, after an unmeasured second each: on a shared machine
 * the load of the moment changes what a request costs (a busy machine makes every request dearer), and taking turns
 * gives every route, /healthz included, the same moments, so their ratios hold even when the absolute figures move.
 */
async function measureAll(server: RequestsServer, routes: Route[], cookie: string, database?: string) {
  const stretches = routes.map(() => [] as Stretch[]);
  for (const route of routes) {
    const url = `${server.url}${route.path}`;
    const headers: Record<string, string> = route.signedIn ? { cookie } : {};
    const check = await fetch(url, { headers });
    if (check.status !== 200) throw new Error(`${route.path}: ${check.status} ${await check.text()}`);
    await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 }); // warm-up, unmeasured
  }
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, route] of routes.entries())
      stretches[i].push(await loadOnce(server, route, cookie, DURATION_S / ROUNDS, database));
  return routes.map((route, i) => combine(route, stretches[i], database !== undefined));
}

function figuresOf(engine: string, runs: Measured[]): BenchFigure[] {
  const base = runs[0];
  const figures: BenchFigure[] = [];
  for (const run of runs) {
    const name = `${engine}: ${run.route.label}`;
    const line =
      `  ${name}: ${run.rps} req/s, CPU ${round3(run.cpuMs)} ms/request (${round2(run.cpuMs / base.cpuMs)}× /healthz)` +
      `${run.postgresCpuMs === null ? '' : `, PostgreSQL ${round3(run.postgresCpuMs)} ms/request`}` +
      `, p50 ${run.p50} ms, p99 ${run.p99} ms, ${round2(run.queries)} queries/request`;
    console.log(line);
    figures.push(
      { label: `${name} throughput`, value: run.rps, unit: 'req/s' },
      { label: `${name} server CPU per request`, value: round3(run.cpuMs), unit: 'ms' },
    );
    if (run.postgresCpuMs !== null)
      figures.push({ label: `${name} PostgreSQL CPU per request`, value: round3(run.postgresCpuMs), unit: 'ms' });
    figures.push(
      { label: `${name} p50`, value: run.p50, unit: 'ms' },
      { label: `${name} p99`, value: run.p99, unit: 'ms' },
      // An average, so "at most 3" reads as under 3.5 (a stray background statement does not fail it).
      {
        label: `${name} database statements per request`,
        value: round2(run.queries),
        unit: 'queries',
        ...(run.route.signedIn ? { target: { max: 3.5 } } : {}),
      },
      {
        label: `${name} p99 / p50`,
        value: round2(run.p99 / Math.max(run.p50, 1)),
        unit: '×',
        target: { max: 5 },
      },
    );
    if (run.route.cpuRatio !== undefined)
      figures.push({
        label: `${name} CPU per request / /healthz's`,
        value: round2(run.cpuMs / base.cpuMs),
        unit: '×',
        target: { max: run.route.cpuRatio },
      });
  }
  return figures;
}

async function runEngine(engine: string, env: NodeJS.ProcessEnv, database?: string): Promise<BenchFigure[]> {
  const server = await startServer(env);
  try {
    const cookie = await register(server.url);
    const portfolioId = await seedPortfolio(server.url, { id: '', cookie });
    const detail = (await (
      await fetch(`${server.url}/api/portfolios/${portfolioId}`, { headers: { cookie } })
    ).json()) as { holdings: unknown[] };
    if (detail.holdings.length !== 10) throw new Error(`portfolio has ${detail.holdings.length} holdings, not 10`);
    const routes: Route[] = [
      { label: 'GET /healthz', path: '/healthz', signedIn: false },
      { label: 'GET /api/stock/AAPL (public, cached)', path: '/api/stock/AAPL', signedIn: false, cpuRatio: 2 },
      { label: 'GET /api/portfolios (signed in)', path: '/api/portfolios', signedIn: true, cpuRatio: 5 },
      {
        label: 'GET /api/portfolios/{id} (signed in, 10 holdings)',
        path: `/api/portfolios/${portfolioId}`,
        signedIn: true,
        cpuRatio: 5,
      },
    ];
    return figuresOf(engine, await measureAll(server, routes, cookie, database));
  } finally {
    await server.stop();
  }
}

const bench: Bench = {
  name: 'requests',
  async run() {
    console.log(`  ${CONNECTIONS} connections, ${DURATION_S} s per route in ${ROUNDS} turns`);
    const figures = await runEngine('SQLite', {});
    const postgres = await startEmbeddedPostgres();
    try {
      const database = await createDatabase(postgres.url);
      try {
        const name = new URL(database.url).pathname.slice(1);
        figures.push(...(await runEngine('PostgreSQL', { DATABASE_URL: database.url, APP_SECRET }, name)));
      } finally {
        await database.drop();
      }
    } finally {
      await postgres.stop();
    }
    return figures;
  },
};

export default bench;
