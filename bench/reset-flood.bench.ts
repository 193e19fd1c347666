import { randomBytes } from 'node:crypto';
import { postFrom } from './lib/postFrom';
import { processCpuMicros } from './lib/processCpu';
import { startServerProcess, type ServerProcess } from './serverProcess';
import type { Bench, BenchFigure } from './types';

/**
 * Issue 26 item 4: `POST /api/auth/reset-password` hashed the new password with argon2 before it looked at the token,
 * so made-up tokens (994 of them, all answered 400) pushed other people's sign-ins from 24 ms to 3,265 ms (p50).
 * Here, scaled down: one person signs in over and over (each sign-in from a fresh loopback address, so no sign-in
 * limit answers instead), first alone, then while made-up reset tokens arrive at FLOOD_PER_SECOND, whether or not the
 * earlier ones were answered (an attacker does not wait). Each flood request comes from an address of its own too:
 * the worst case, where the per-address limit never answers and only checking the token first keeps the flood cheap.
 * A burst from one address shows that limit. Wall-clock latency on a shared machine swings with everyone else's
 * load, so the server's own CPU time per made-up token is measured too (the process's, argon2's threads included),
 * over 200 tokens with nothing else running. Loopback only; the server runs in a process of its own.
 * Run on the code before the fix, the same bench gives the "before" figures (docs/architecture.md, threat model).
 */
const DURATION_MS = Number(process.env.BENCH_DURATION_S ?? 5) * 1000;
const FLOOD_PER_SECOND = 100;
const PASSWORD = 'bench password 42';

let addressCounter = 0;
/** A fresh loopback source address (127.2.x.y, 127.3.x.y, …), never the same twice in a run. */
function nextAddress(): string {
  addressCounter += 1;
  const n = addressCounter;
  return `127.${2 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255 || 1}`;
}

/** A token of a printed link's shape (a selector and a secret) that no link has. */
const madeUpToken = () => randomBytes(16).toString('base64url') + randomBytes(32).toString('base64url');

interface SignInFigures {
  p50: number;
  p99: number;
  count: number;
}

async function measureSignIns(url: string, email: string, durationMs: number): Promise<SignInFigures> {
  const latencies: number[] = [];
  const end = performance.now() + durationMs;
  while (performance.now() < end) {
    const started = performance.now();
    const status = await postFrom(url, '/api/auth/login', { email, password: PASSWORD }, nextAddress());
    if (status !== 200) throw new Error(`sign-in answered ${status}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), count: latencies.length };
}

/** Made-up tokens at FLOOD_PER_SECOND until stopped; answers counted by status (a failed connection as 0). */
function flood(url: string): { stop: () => Promise<Map<number, number>> } {
  const statuses = new Map<number, number>();
  const sent: Array<Promise<void>> = [];
  const timer = setInterval(() => {
    for (let i = 0; i < FLOOD_PER_SECOND / 20; i++) {
      const body = { token: madeUpToken(), newPassword: 'a new password 42' };
      sent.push(
        postFrom(url, '/api/auth/reset-password', body, nextAddress()).then(
          (status) => void statuses.set(status, (statuses.get(status) ?? 0) + 1),
          () => void statuses.set(0, (statuses.get(0) ?? 0) + 1),
        ),
      );
    }
  }, 50);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(sent);
      return statuses;
    },
  };
}

const CPU_SAMPLE = 200;

/** The server's CPU time (all its threads, argon2's included) per request, over CPU_SAMPLE sent 10 at a time. */
async function serverCpuPerRequest(server: ServerProcess, body: () => unknown): Promise<number> {
  const pid = server.child.pid!;
  const before = processCpuMicros(pid) ?? NaN;
  for (let sent = 0; sent < CPU_SAMPLE; sent += 10) {
    await Promise.all(
      Array.from({ length: 10 }, () => postFrom(server.url, '/api/auth/reset-password', body(), nextAddress())),
    );
  }
  return Math.round(((processCpuMicros(pid) ?? NaN) - before) / CPU_SAMPLE / 100) / 10;
}

const describe = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');

async function run(server: ServerProcess): Promise<BenchFigure[]> {
  const email = `reset-bench.${Date.now()}@bench.example`;
  const registered = await postFrom(
    server.url,
    '/api/auth/register',
    { email, password: PASSWORD, firstName: 'Bench', lastName: 'Person', agreedToTerms: true, agreedToPrivacy: true },
    nextAddress(),
  );
  if (registered !== 200) throw new Error(`register: ${registered}`);
  await measureSignIns(server.url, email, 500); // warm-up

  const idle = await measureSignIns(server.url, email, DURATION_MS);
  console.log(`  idle: ${idle.count} sign-ins`);
  const flooding = flood(server.url);
  const loaded = await measureSignIns(server.url, email, DURATION_MS);
  const statuses = await flooding.stop();
  const floodRequests = [...statuses.values()].reduce((a, b) => a + b, 0);
  console.log(`  under the flood: ${loaded.count} sign-ins; flood answers: ${describe(statuses)}`);

  // One address alone: the per-address limit answers 429 once its attempts are spent.
  const oneAddress = new Map<number, number>();
  for (let i = 0; i < 30; i++) {
    const status = await postFrom(
      server.url,
      '/api/auth/reset-password',
      { token: madeUpToken(), newPassword: 'a new password 42' },
      '127.1.0.9',
    );
    oneAddress.set(status, (oneAddress.get(status) ?? 0) + 1);
  }
  console.log(`  30 made-up tokens from one address: ${describe(oneAddress)}`);

  // Server CPU per made-up token, against the same call refused by its schema (no service work at all).
  const cpuPerToken = await serverCpuPerRequest(server, () => ({
    token: madeUpToken(),
    newPassword: 'a new password 42',
  }));
  const cpuPerMalformed = await serverCpuPerRequest(server, () => ({ token: madeUpToken() }));
  console.log(`  server CPU: ${cpuPerToken} ms per made-up token, ${cpuPerMalformed} ms per malformed request`);

  return [
    { label: 'sign-in p50, idle', value: idle.p50, unit: 'ms' },
    { label: 'sign-in p99, idle', value: idle.p99, unit: 'ms' },
    { label: `sign-in p50, ${FLOOD_PER_SECOND} made-up reset tokens a second`, value: loaded.p50, unit: 'ms' },
    { label: `sign-in p99, ${FLOOD_PER_SECOND} made-up reset tokens a second`, value: loaded.p99, unit: 'ms' },
    // Wall-clock figures on a machine shared with other work: for comparison within one run, no target.
    { label: 'sign-in p50 under the flood / idle', value: Math.round((loaded.p50 / idle.p50) * 100) / 100, unit: '×' },
    { label: 'made-up reset tokens answered', value: floodRequests, unit: 'requests' },
    { label: 'made-up tokens from one address answered 429 (of 30)', value: oneAddress.get(429) ?? 0, unit: '' },
    { label: 'server CPU per made-up reset token', value: cpuPerToken, unit: 'ms' },
    { label: 'server CPU per malformed reset request (refused by the schema)', value: cpuPerMalformed, unit: 'ms' },
    {
      label: 'server CPU, made-up token / malformed request',
      value: Math.round((cpuPerToken / cpuPerMalformed) * 100) / 100,
      unit: '×',
      target: { max: 2 },
    },
  ];
}

const bench: Bench = {
  name: 'sign-ins under a flood of made-up password reset tokens',
  async run(): Promise<BenchFigure[]> {
    const server = await startServerProcess('tickwise.ts');
    try {
      return await run(server);
    } finally {
      await server.stop();
    }
  },
};

export default bench;
