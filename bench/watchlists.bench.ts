import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createSimulatedProvider } from '../src/server/market/simulated/provider';
import { UNIVERSE } from '../src/server/market/universe';
import { getWatchlist } from '../src/server/modules/watchlists/service';
import type { WatchlistRow } from '../src/shared/watchlists/types';
import { startTestServer, type TestServer } from '../tests/helpers/testServer';
import { tickingMarket } from '../tests/helpers/tickingMarket';
import type { Bench, BenchFigure } from './types';

/**
 * Watchlists (issue 30 §1), on the real server (in this process, simulated market, SQLite):
 * - rows of a 200-symbol list, server time of `watchlists.get`: cold (a fresh server: the market's caches empty, so
 *   the simulated market draws a year of daily bars per symbol), warm (the same price minute: answered from the
 *   figures cache), and the next minute (every figure computed again from the market's cached data); CPU per read;
 * - tick to row: SOCKETS users each follow a 200-symbol list over `watchlists.live` (lists spread over the 641
 *   listings), the market ticks every second and the live hub polls every 250 ms; latency from the hub's push of a
 *   price to the row carrying it at the client, p50 / p95 / p99 (target p95 < 1 s). The clients run in a process of
 *   their own (bench/watchlists/followers.ts), so the figure is the server's work plus loopback; and the server's CPU
 *   per 1,000 rows delivered.
 */
const here = dirname(fileURLToPath(import.meta.url));
const SOCKETS = Number(process.env.BENCH_WATCHLIST_SOCKETS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const LIST_SIZE = 200;
const MINUTE = 60_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const round2 = (n: number) => Math.round(n * 100) / 100;

let registered = 1;

async function register(server: TestServer, name: string): Promise<{ id: string; cookie: string }> {
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    // Each user from an address of their own (the server trusts the header here): sign-ups are limited per address.
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      'x-forwarded-for': `10.9.${registered >> 8}.${registered++ & 255}`,
    },
    body: JSON.stringify({
      email: `${name}@example.com`,
      password: 'bench-secret-1',
      firstName: name,
      lastName: 'B',
      agreedToTerms: true,
      agreedToPrivacy: true,
    }),
  });
  if (res.status !== 200) throw new Error(`register ${name}: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as { id: string };
  return { id: user.id, cookie: res.headers.getSetCookie()[0].split(';')[0] };
}

async function listOf(server: TestServer, cookie: string, symbols: readonly string[]): Promise<string> {
  const res = await fetch(`${server.url}/api/watchlists`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify({ name: 'Bench', symbols }),
  });
  if (res.status !== 201) throw new Error(`create list: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

const symbolsFrom = (start: number) =>
  Array.from({ length: LIST_SIZE }, (_, i) => UNIVERSE[(start + i) % UNIVERSE.length].symbol);

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; cpuMs: number; value: T }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, value };
}

async function rowFigures(): Promise<BenchFigure[]> {
  const clock = { time: Date.UTC(2026, 10, 24, 15, 0, 10) };
  const now = () => clock.time;
  const server = await startTestServer(
    { TRUST_PROXY: 'true' },
    { now, market: { provider: createSimulatedProvider(now) } },
  );
  try {
    const user = await register(server, 'rows');
    const id = await listOf(server, user.cookie, symbolsFrom(0));
    const read = () => getWatchlist(server.deps, user.id, id);

    // Cold: the first read answers by its deadline with what is ready; then until every row is complete.
    const first = await timed(read);
    const completeAtFirst = first.value.rows.filter((r: WatchlistRow) => r.complete).length;
    const cold = await timed(async () => {
      while (!(await read()).rows.every((r) => r.complete)) await new Promise((r) => setTimeout(r, 20));
    });
    const coldTotal = first.ms + cold.ms;

    const warm: number[] = [];
    const warmCpu: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = await timed(read);
      warm.push(t.ms);
      warmCpu.push(t.cpuMs);
    }
    warm.sort((a, b) => a - b);

    const nextMinute: number[] = [];
    const nextCpu: number[] = [];
    for (let i = 0; i < 5; i++) {
      clock.time += MINUTE;
      const t = await timed(read);
      if (!t.value.rows.every((r) => r.complete)) throw new Error('the next minute left rows incomplete');
      nextMinute.push(t.ms);
      nextCpu.push(t.cpuMs);
    }
    nextMinute.sort((a, b) => a - b);

    const bytes = server.deps.watchlists.figures.bytes;
    console.log(
      `  cold: first answer ${first.ms.toFixed(0)} ms with ${completeAtFirst}/${LIST_SIZE} rows complete, all complete after ${coldTotal.toFixed(0)} ms`,
    );
    console.log(`  figures cache: ${(bytes / 1024).toFixed(0)} KB for ${LIST_SIZE} symbols`);
    return [
      { label: `rows of ${LIST_SIZE} symbols, cold: first answer`, value: Math.round(first.ms), unit: 'ms' },
      { label: `rows of ${LIST_SIZE} symbols, cold: every row complete`, value: Math.round(coldTotal), unit: 'ms' },
      {
        label: `rows of ${LIST_SIZE} symbols, warm (same minute): median server time`,
        value: round2(percentile(warm, 50)),
        unit: 'ms',
        target: { max: 20 },
      },
      { label: `rows of ${LIST_SIZE} symbols, warm: p99 server time`, value: round2(percentile(warm, 99)), unit: 'ms' },
      {
        label: `rows of ${LIST_SIZE} symbols, warm: CPU per read`,
        value: round2(warmCpu.reduce((a, b) => a + b, 0) / warmCpu.length),
        unit: 'ms',
      },
      {
        label: `rows of ${LIST_SIZE} symbols, next price minute: median server time`,
        value: round2(percentile(nextMinute, 50)),
        unit: 'ms',
      },
      {
        label: `rows of ${LIST_SIZE} symbols, next price minute: CPU per read`,
        value: round2(nextCpu.reduce((a, b) => a + b, 0) / nextCpu.length),
        unit: 'ms',
      },
      { label: 'figures cache per symbol', value: Math.round(bytes / LIST_SIZE), unit: 'bytes' },
    ];
  } finally {
    await server.close();
  }
}

function spawnFollowers(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(here, 'watchlists', 'followers.ts'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function tickFigures(): Promise<BenchFigure[]> {
  const market = tickingMarket(createSimulatedProvider(Date.now), 1_000);
  const server = await startTestServer(
    { MARKET_LIVE_POLL_MS: '250', WS_MAX_CONNECTIONS_PER_ADDRESS: String(SOCKETS + 10), TRUST_PROXY: 'true' },
    { market: { provider: market } },
  );
  const work = mkdtempSync(join(tmpdir(), 'tickwise-watchlists-'));
  try {
    const follows: Array<{ cookie: string; id: string }> = [];
    for (let i = 0; i < SOCKETS; i++) {
      const user = await register(server, `live${i}`);
      follows.push({ cookie: user.cookie, id: await listOf(server, user.cookie, symbolsFrom(i * 13)) });
    }
    const everySymbol = UNIVERSE.map((i) => i.symbol);
    // Warm every symbol's figures, as a running server has them.
    await Promise.all(everySymbol.map((s) => server.deps.watchlists.figures.current(s, Date.now())));

    // When the server learned each price: the live hub's push, heard like every stream hears it (wall clock, ms).
    const tickedAt = new Map<string, number>();
    const stopHearing = server.deps.market.live.subscribe(everySymbol, (event) => {
      tickedAt.set(`${event.symbol}|${event.quote.regularMarketPrice}`, performance.timeOrigin + performance.now());
    });
    const file = join(work, 'follows.json');
    writeFileSync(file, JSON.stringify(follows));
    const followers = spawnFollowers([server.url, file, String(DURATION_S * 1_000)]);
    const lines = createInterface({ input: followers.stdout! });
    const output = new Promise<string>((resolve, reject) => {
      lines.on('line', (line) => line.startsWith('{') && resolve(line));
      followers.once('exit', (code) => reject(new Error(`followers exited (${code}) before their figures`)));
    });
    await new Promise<void>((resolve) => lines.once('line', () => resolve()));
    const cpu = process.cpuUsage();
    const arrivals = JSON.parse(await output) as Record<string, number[]>;
    const used = process.cpuUsage(cpu);
    stopHearing();

    const latencies: number[] = [];
    for (const [key, times] of Object.entries(arrivals)) {
      const at = tickedAt.get(key);
      if (at !== undefined) for (const arrived of times) latencies.push(arrived - at);
    }
    latencies.sort((a, b) => a - b);
    // The recording window plus the 2 s before it, during which the server worked the same.
    const serverCpuPercent = ((used.user + used.system) / 1e3 / ((DURATION_S + 2) * 1_000)) * 100;
    console.log(
      `  ${SOCKETS} sockets x ${LIST_SIZE} rows: ${latencies.length} rows in ${DURATION_S} s; server CPU ${serverCpuPercent.toFixed(0)} % of a core`,
    );
    return [
      {
        label: `tick to row, ${SOCKETS} lists of ${LIST_SIZE}: p50`,
        value: round2(percentile(latencies, 50)),
        unit: 'ms',
      },
      {
        label: `tick to row, ${SOCKETS} lists of ${LIST_SIZE}: p95`,
        value: round2(percentile(latencies, 95)),
        unit: 'ms',
        target: { max: 1_000 },
      },
      {
        label: `tick to row, ${SOCKETS} lists of ${LIST_SIZE}: p99`,
        value: round2(percentile(latencies, 99)),
        unit: 'ms',
      },
      { label: 'rows delivered per second', value: Math.round(latencies.length / DURATION_S), unit: 'rows/s' },
      {
        label: 'server CPU per 1,000 rows delivered',
        value: round2(((used.user + used.system) / 1e3 / ((latencies.length * (DURATION_S + 2)) / DURATION_S)) * 1_000),
        unit: 'ms',
      },
    ];
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

export default {
  name: 'watchlists',
  async run() {
    return [...(await rowFigures()), ...(await tickFigures())];
  },
} satisfies Bench;
