import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { postFrom } from './lib/postFrom';
import { startServerProcess, type ServerProcess } from './serverProcess';
import type { Bench, BenchFigure } from './types';

/**
 * Static-file latency while 8 loops sign in as fast as they can, with argon2 the old way (its async functions on
 * libuv's thread pool, which also reads the files) and the new way (worker threads of its own). Each sign-in comes
 * from its own loopback address (127.1.x.y), so the per-address ceiling (30 in 15 minutes) never answers instead
 * of argon2; each loop signs in its own user, so no email collects in-flight "failures". Loopback only.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_MS = Number(process.env.BENCH_DURATION_S ?? 5) * 1000;
const LOOPS = 8;
const PASSWORD = 'bench password 42';

let addressCounter = 0;
/** A fresh source address on loopback for every sign-in. */
function nextAddress(): string {
  addressCounter += 1;
  return `127.1.${(addressCounter >> 8) & 255}.${addressCounter & 255 || 1}`;
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
function getLatencyMs(url: string, path: string): Promise<number> {
  const { port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: keepAlive }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`GET ${path}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

interface StaticFigures {
  p50: number;
  p99: number;
  requests: number;
}

/** The theme script every page loads first: a small static file (its name carries its content hash). */
function staticPathIn(clientDir: string): string {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const path = /src="(\/assets\/color-scheme-[^"]+\.js)"/.exec(html)?.[1];
  if (!path) throw new Error('index.html names no color-scheme script');
  return path;
}
let STATIC_PATH = '';
/** The same file in the figures' labels, which stay the same from one build to the next. */
const STATIC_LABEL = '/assets/color-scheme-[hash].js';

async function measureStatic(url: string, durationMs: number): Promise<StaticFigures> {
  const latencies: number[] = [];
  const end = performance.now() + durationMs;
  while (performance.now() < end) latencies.push(await getLatencyMs(url, STATIC_PATH));
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), requests: latencies.length };
}

async function underSignInLoad(
  server: ServerProcess,
): Promise<{ staticLoaded: StaticFigures; signInsPerSecond: number }> {
  const emails = Array.from({ length: LOOPS }, (_, i) => `loop${i}.${Date.now()}@bench.example`);
  for (const email of emails) {
    const status = await postFrom(
      server.url,
      '/api/auth/register',
      { email, password: PASSWORD, firstName: 'Bench', lastName: 'Loop', agreedToTerms: true, agreedToPrivacy: true },
      nextAddress(),
    );
    if (status !== 200) throw new Error(`register: ${status}`);
  }
  let stopped = false;
  let signIns = 0;
  const loops = emails.map(async (email) => {
    while (!stopped) {
      const status = await postFrom(server.url, '/api/auth/login', { email, password: PASSWORD }, nextAddress());
      if (status !== 200) throw new Error(`sign-in answered ${status}`);
      signIns += 1;
    }
  });
  const started = performance.now();
  const staticLoaded = await measureStatic(server.url, DURATION_MS);
  const elapsed = performance.now() - started;
  stopped = true;
  await Promise.all(loops);
  return { staticLoaded, signInsPerSecond: Math.round((signIns / elapsed) * 1000 * 10) / 10 };
}

const bench: Bench = {
  name: 'static files under sign-in load',
  async run(): Promise<BenchFigure[]> {
    const work = mkdtempSync(join(tmpdir(), 'tickwise-signin-bench-'));
    const clientDir = join(work, 'client');
    try {
      await build({
        configFile: join(repo, 'vite.config.ts'),
        root: join(repo, 'src/client'),
        logLevel: 'warn',
        build: { outDir: clientDir, emptyOutDir: true },
      });
      STATIC_PATH = staticPathIn(clientDir);
      const variants = [
        {
          name: 'argon2 on libuv pool (before)',
          args: ['--client', clientDir, '--hasher', 'libuv'],
          target: undefined,
        },
        { name: 'argon2 on worker threads (after)', args: ['--client', clientDir], target: { max: 50 } },
      ];
      const figures: BenchFigure[] = [];
      for (const [i, variant] of variants.entries()) {
        const server = await startServerProcess('tickwise.ts', variant.args);
        try {
          await measureStatic(server.url, 500); // warm-up
          if (i === 0) {
            const idle = await measureStatic(server.url, DURATION_MS / 2);
            console.log(`  idle: ${idle.requests} GETs`);
            figures.push({ label: `GET ${STATIC_LABEL} p50, idle`, value: idle.p50, unit: 'ms' });
            figures.push({ label: `GET ${STATIC_LABEL} p99, idle`, value: idle.p99, unit: 'ms' });
          }
          const { staticLoaded, signInsPerSecond } = await underSignInLoad(server);
          console.log(`  ${variant.name}: ${staticLoaded.requests} GETs, ${signInsPerSecond} sign-ins/s`);
          figures.push({
            label: `GET ${STATIC_LABEL} p50, ${LOOPS} sign-in loops, ${variant.name}`,
            value: staticLoaded.p50,
            unit: 'ms',
          });
          figures.push({
            label: `GET ${STATIC_LABEL} p99, ${LOOPS} sign-in loops, ${variant.name}`,
            value: staticLoaded.p99,
            unit: 'ms',
            // The fix is judged on the new way only; the old one is printed for comparison.
            target: variant.target,
          });
          figures.push({ label: `sign-ins per second, ${variant.name}`, value: signInsPerSecond, unit: '/s' });
        } finally {
          await server.stop();
        }
      }
      return figures;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};

export default bench;
