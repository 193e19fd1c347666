import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { processCpuMicros } from '../lib/processCpu';
import type { SeededUser } from '../social/seed';
import { backendCpu } from './cpu';
import { withTimeout } from './lifecycle';

/**
 * A database-bound route, one instance against two on the same PostgreSQL: GET /api/portfolios/{id} (the session
 * read, the portfolio and its holdings read, the valuation) for a 10-holding portfolio, CONNECTIONS connections for
 * DURATION_S each way; with two instances the connections are split evenly over both.
 */
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SCALE_THROUGHPUT_S ?? 5);
const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'GOOGL', 'AMZN', 'META', 'JPM', 'KO', 'SPY', 'TSLA'];

export interface ThroughputRun {
  rps: number;
  p99: number;
  /** Share of the machine's CPUs busy during the run (all processes, other engineers' included), 0..1. */
  machineBusy: number;
  /** CPU seconds per second used by the servers together, and by this load generator. */
  serverCores: number;
  loadCores: number;
  /** The same for PostgreSQL's backends serving the bench database (processes that live through the run). */
  postgresCores: number;
}

export interface Throughput {
  one: ThroughputRun;
  two: ThroughputRun;
  path: string;
}

/** Creates the portfolio through the API (as user), so it is what the app would store. */
export async function seedPortfolio(url: string, user: SeededUser): Promise<string> {
  const headers = { 'content-type': 'application/json', cookie: user.cookie, origin: url };
  const created = await fetch(`${url}/api/portfolios`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Scale' }),
  });
  if (created.status !== 201) throw new Error(`portfolio create: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  for (const symbol of SYMBOLS) {
    const res = await fetch(`${url}/api/portfolios/${id}/holdings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ symbol, quantity: 3, averagePrice: 100 }),
    });
    if (!res.ok) throw new Error(`holding ${symbol}: ${res.status} ${await res.text()}`);
  }
  return id;
}

function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3] + (cpu[4] ?? 0);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

async function load(urls: string[], path: string, cookie: string, pids: number[], database: string, duration: number) {
  const cpuBefore = pids.map((pid) => processCpuMicros(pid) ?? NaN);
  const backendsBefore = backendCpu(database);
  const ownBefore = process.cpuUsage();
  const ticksBefore = machineTicks();
  const started = performance.now();
  const results = await withTimeout(
    Promise.all(
      urls.map((url) =>
        autocannon({
          url: `${url}${path}`,
          headers: { cookie },
          connections: Math.round(CONNECTIONS / urls.length),
          duration,
        }),
      ),
    ),
    (duration + 30) * 1000,
    'throughput run',
  );
  const seconds = (performance.now() - started) / 1000;
  const ticksAfter = machineTicks();
  const own = process.cpuUsage(ownBefore);
  let backendMicros = 0;
  for (const [pid, after] of backendCpu(database)) backendMicros += after - (backendsBefore.get(pid) ?? 0);
  const serverMicros = pids.reduce((sum, pid, i) => sum + ((processCpuMicros(pid) ?? NaN) - cpuBefore[i]), 0);
  for (const result of results)
    if (result.errors || result.non2xx)
      throw new Error(`${path}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return {
    rps: results.reduce((sum, r) => sum + r.requests.total, 0) / duration,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    machineBusy: (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total),
    serverCores: serverMicros / 1e6 / seconds,
    loadCores: (own.user + own.system) / 1e6 / seconds,
    postgresCores: backendMicros / 1e6 / seconds,
  };
}

/** `servers[0]` alone, then both; CPU use of both servers is counted either way (the idle one uses next to none). */
export async function oneVersusTwo(
  servers: Array<{ url: string; pid: number }>,
  user: SeededUser,
  portfolioId: string,
  database: string,
): Promise<Throughput> {
  const path = `/api/portfolios/${portfolioId}`;
  const check = await fetch(`${servers[1].url}${path}`, { headers: { cookie: user.cookie } });
  if (check.status !== 200) throw new Error(`${path} on the second instance: ${check.status} ${await check.text()}`);
  const urls = servers.map((s) => s.url);
  const pids = servers.map((s) => s.pid);
  // Unmeasured second on each instance (JIT, pools), then one instance, then two.
  await load(urls, path, user.cookie, pids, database, 1);
  const one = await load(urls.slice(0, 1), path, user.cookie, pids, database, DURATION_S);
  const two = await load(urls, path, user.cookie, pids, database, DURATION_S);
  return { one, two, path: '/api/portfolios/{id}' };
}

export const THROUGHPUT = { CONNECTIONS, DURATION_S };
