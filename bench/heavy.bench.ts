import { setMaxListeners } from 'node:events';
import { REFERENCE } from '../src/server/market/simulated/reference';
import { startServerProcess } from './serverProcess';
import type { Bench, BenchFigure } from './types';

/**
 * Heavy calls and other users (issue 17 item 4), against the real server in its own process (simulated market):
 * - cold: the first analysis of a 52-holding portfolio and its first 5-year value history, each timed, with the
 *   slowest /healthz answered meanwhile (a long computation held the event loop for all of it);
 * - attack: one user loops tRPC batches of `portfolios.analysis` (120 calls a batch, and 20 a batch) on two
 *   connections while another user reads their portfolio list and /healthz is probed, each one request at a time;
 *   the same measurement without the attack, in the same run, is the baseline. Target: the other user's p99 < 50 ms.
 * Loopback only, bounded: BENCH_DURATION_S seconds per phase (default 5).
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const HOLDINGS = 52;
const ATTACK_LOOPS = 2;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const round1 = (n: number) => Math.round(n * 10) / 10;

interface User {
  cookie: string;
}

async function register(url: string, name: string): Promise<User> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      email: `${name}@example.com`,
      password: 'bench-secret-1',
      firstName: name,
      lastName: 'B',
      agreedToTerms: true,
      agreedToPrivacy: true,
    }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`register ${name}: ${res.status} ${await res.text()}`);
  return { cookie: res.headers.getSetCookie()[0].split(';')[0] };
}

async function portfolioWith(url: string, user: User, symbols: readonly string[]): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: url, cookie: user.cookie };
  const created = await fetch(`${url}/api/portfolios`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench' }),
  });
  const { id } = (await created.json()) as { id: string };
  for (const [i, symbol] of symbols.entries()) {
    const res = await fetch(`${url}/api/portfolios/${id}/holdings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ symbol, quantity: i + 1, averagePrice: 10 }),
    });
    if (res.status !== 201) throw new Error(`add ${symbol}: ${res.status} ${await res.text()}`);
  }
  return id;
}

const trpcGet = (procedure: string, calls: number, input: unknown) => {
  const inputs = Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { json: input }]));
  return `/trpc/${Array.from({ length: calls }, () => procedure).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
};

/** Round trips of `path`, one at a time, until `stop` resolves. */
async function timeLoop(
  url: string,
  path: string,
  headers: Record<string, string>,
  stop: { done: boolean },
): Promise<number[]> {
  const times: number[] = [];
  while (!stop.done) {
    const started = performance.now();
    const res = await fetch(url + path, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** One call's time, and the slowest /healthz answered while it ran. */
async function coldCall(
  url: string,
  path: string,
  user: User,
): Promise<{ ms: number; healthWorst: number; status: number }> {
  const stop = { done: false };
  const health = timeLoop(url, '/healthz', {}, stop);
  const started = performance.now();
  const res = await fetch(url + path, { headers: { cookie: user.cookie } });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  stop.done = true;
  const healthTimes = await health;
  return { ms, healthWorst: healthTimes.at(-1) ?? 0, status: res.status };
}

interface Phase {
  victim: number[];
  health: number[];
  attackAnswers: Map<number, number>;
}

async function phase(url: string, victim: User, attacker: User | null, attackId: string): Promise<Phase> {
  const stop = { done: false };
  // The attack's batch in flight when the phase ends is abandoned, so the phase ends on time whatever the server does.
  const abandon = new AbortController();
  // Every fetch of the phase listens on this one signal (a few thousand, bounded by the phase): not a leak to warn of.
  setMaxListeners(0, abandon.signal);
  const attackAnswers = new Map<number, number>();
  const attacks = attacker
    ? Array.from({ length: ATTACK_LOOPS }, async (_, loop) => {
        const path = trpcGet('portfolios.analysis', loop % 2 === 0 ? 120 : 20, { id: attackId });
        while (!stop.done) {
          try {
            const res = await fetch(url + path, { headers: { cookie: attacker.cookie }, signal: abandon.signal });
            await res.arrayBuffer();
            attackAnswers.set(res.status, (attackAnswers.get(res.status) ?? 0) + 1);
          } catch {
            // abandoned at the end of the phase
          }
        }
      })
    : [];
  const victimTimes = timeLoop(url, trpcGet('portfolios.list', 1, null), { cookie: victim.cookie }, stop);
  const healthTimes = timeLoop(url, '/healthz', {}, stop);
  await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
  stop.done = true;
  abandon.abort();
  const [victimResult, health] = await Promise.all([victimTimes, healthTimes, ...attacks]);
  return { victim: victimResult, health, attackAnswers };
}

const bench: Bench = {
  name: 'heavy calls',
  async run() {
    const server = await startServerProcess('tickwise.ts');
    try {
      const url = server.url;
      const [attacker, victim] = [await register(url, 'attacker'), await register(url, 'victim')];
      const symbols = Object.keys(REFERENCE).slice(0, HOLDINGS);
      const attackId = await portfolioWith(url, attacker, symbols);
      await portfolioWith(url, victim, symbols.slice(0, 3));

      const coldAnalysis = await coldCall(url, trpcGet('portfolios.analysis', 1, { id: attackId }), attacker);
      const coldHistory = await coldCall(
        url,
        trpcGet('portfolios.valueHistory', 1, { id: attackId, range: '5Y' }),
        attacker,
      );
      console.log(
        `  cold analysis (${HOLDINGS} holdings): ${Math.round(coldAnalysis.ms)} ms (${coldAnalysis.status}), /healthz worst meanwhile ${Math.round(coldAnalysis.healthWorst)} ms`,
      );
      console.log(
        `  cold 5Y value history: ${Math.round(coldHistory.ms)} ms (${coldHistory.status}), /healthz worst meanwhile ${Math.round(coldHistory.healthWorst)} ms`,
      );

      const quiet = await phase(url, victim, null, attackId);
      const attacked = await phase(url, victim, attacker, attackId);
      const describe = (label: string, p: Phase) =>
        console.log(
          `  ${label}: other user p50 ${round1(percentile(p.victim, 50))} / p99 ${round1(percentile(p.victim, 99))} / max ${round1(p.victim.at(-1) ?? 0)} ms ` +
            `(${p.victim.length} calls); /healthz p99 ${round1(percentile(p.health, 99))} / max ${round1(p.health.at(-1) ?? 0)} ms` +
            (p.attackAnswers.size
              ? `; attack answers ${[...p.attackAnswers].map(([s, n]) => `${n}x${s}`).join(', ')}`
              : ''),
        );
      describe('no attack', quiet);
      describe('attack', attacked);

      const figures: BenchFigure[] = [
        { label: `cold analysis, ${HOLDINGS} holdings`, value: Math.round(coldAnalysis.ms), unit: 'ms' },
        { label: 'slowest /healthz during the cold analysis', value: Math.round(coldAnalysis.healthWorst), unit: 'ms' },
        { label: 'cold 5Y value history', value: Math.round(coldHistory.ms), unit: 'ms' },
        {
          label: 'slowest /healthz during the cold 5Y value history',
          value: Math.round(coldHistory.healthWorst),
          unit: 'ms',
        },
        { label: 'other user p99, no attack', value: round1(percentile(quiet.victim, 99)), unit: 'ms' },
        {
          label: 'other user p99 during the analysis-batch attack',
          value: round1(percentile(attacked.victim, 99)),
          unit: 'ms',
          target: { max: 50 },
        },
        { label: 'other user max during the attack', value: round1(attacked.victim.at(-1) ?? 0), unit: 'ms' },
        { label: '/healthz max during the attack', value: round1(attacked.health.at(-1) ?? 0), unit: 'ms' },
      ];
      return figures;
    } finally {
      await server.stop();
    }
  },
};

export default bench;
