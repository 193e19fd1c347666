import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import superjson from 'superjson';
import WebSocket from 'ws';
import { seedSocialDatabase, type SeededUser } from './social/seed';
import type { Bench, BenchFigure } from './types';

/**
 * Issue 11: 1,000 connected sockets (half the spec's `/ws`, half tRPC `social.messages` subscriptions), 100 messages
 * a second between random friend pairs for 10 s, sent over HTTP like the app does. Delivery latency is measured
 * from the moment the sender's POST starts to the moment the receiver's socket has the message; every message must
 * arrive exactly once. Baseline in the same run: the POST's own round trip (the store, without delivery).
 * Server and load generator are separate processes on loopback.
 */
const here = dirname(fileURLToPath(import.meta.url));
const USERS = Number(process.env.BENCH_SOCIAL_USERS ?? 1_000);
const RATE = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const GRACE_MS = 3_000;
const WARM_UP_S = 2;

type Transport = 'ws' | 'trpc';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const round = (ms: number) => Math.round(ms * 10) / 10;

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

async function startServer(databasePath: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'servers/social.ts'), databasePath], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', resolve);
  });
  return { child, url: `http://127.0.0.1:${JSON.parse(line).port}` };
}

/** Opens one user's socket and resolves once it is ready to receive (authenticated, or subscription started). */
function connect(
  url: string,
  user: SeededUser,
  transport: Transport,
  onMessage: (seq: number, at: number, storedAt: number) => void,
): Promise<WebSocket> {
  const ws = new WebSocket(url.replace('http', 'ws') + (transport === 'ws' ? '/ws' : '/trpc'), {
    headers: { cookie: user.cookie, origin: url },
  });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      if (transport === 'ws') ws.send(JSON.stringify({ type: 'authenticate', userId: user.id }));
      else
        ws.send(
          JSON.stringify({
            id: 1,
            method: 'subscription',
            params: { path: 'social.messages', input: superjson.serialize(undefined) },
          }),
        );
    });
    ws.on('message', (raw) => {
      const at = performance.now();
      const text = (Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)).toString();
      if (text === 'PING') return ws.send('PONG');
      const message = JSON.parse(text);
      if (transport === 'ws') {
        if (message.type === 'authenticated') resolve(ws);
        else if (message.type === 'new_message')
          onMessage(Number(message.message.content.split(' ')[1]), at, Date.parse(message.message.createdAt));
        else if (message.type === 'error') reject(new Error(message.message));
        return;
      }
      if (message.error) return reject(new Error(JSON.stringify(message.error)));
      if (message.result?.type === 'started') resolve(ws);
      if (message.result?.type === 'data') {
        // A tracked event: { id, data }.
        const { data: event } = superjson.deserialize<{
          data: { type: string; message?: { content: string; receiverId: string; createdAt: string } };
        }>(message.result.data);
        // The feed also carries the user's own sent messages; only received ones count as deliveries.
        if (event.type === 'message' && event.message!.receiverId === user.id) {
          onMessage(Number(event.message!.content.split(' ')[1]), at, Date.parse(event.message!.createdAt));
        }
      }
    });
  });
}

const bench: Bench = {
  name: 'social: real-time delivery to 1,000 sockets',
  async run(): Promise<BenchFigure[]> {
    const dir = mkdtempSync(join(tmpdir(), 'tickwise-social-bench-'));
    const databasePath = join(dir, 'social.db');
    const seedStarted = performance.now();
    const { users, friendships } = await seedSocialDatabase({ DATABASE_PATH: databasePath }, USERS);
    console.log(
      `  seeded ${USERS} users, ${friendships.length} friendships in ${Math.round(performance.now() - seedStarted)} ms`,
    );
    const server = await startServer(databasePath);
    const sockets: WebSocket[] = [];
    try {
      const transportOf = (index: number): Transport => (index % 2 === 0 ? 'ws' : 'trpc');
      /**
       * seq -> when the POST started, who receives it, how often it arrived, and two latencies: from the POST's start
       * (end to end) and from the server's store time (createdAt; same machine, same clock, 1 ms resolution) to arrival.
       */
      const sent = new Map<
        number,
        { startedAt: number; receiver: number; deliveries: number; latency: number; afterStore: number }
      >();
      const onMessage = (receiver: number) => (seq: number, at: number, storedAt: number) => {
        const entry = sent.get(seq);
        if (!entry || entry.receiver !== receiver) return;
        entry.deliveries += 1;
        if (entry.deliveries === 1) {
          entry.latency = at - entry.startedAt;
          entry.afterStore = Date.now() - storedAt;
        }
      };

      const connectStarted = performance.now();
      for (let i = 0; i < users.length; i += 50) {
        const batch = users
          .slice(i, i + 50)
          .map((user, k) => connect(server.url, user, transportOf(i + k), onMessage(i + k)));
        sockets.push(...(await Promise.all(batch)));
      }
      console.log(
        `  ${sockets.length} sockets ready (${USERS / 2} /ws, ${USERS / 2} tRPC) in ${Math.round(performance.now() - connectStarted)} ms`,
      );

      const postTimes: number[] = [];
      let failures = 0;
      let seq = 0;
      const send = async () => {
        const [a, b] = friendships[Math.floor(Math.random() * friendships.length)];
        const [from, to] = Math.random() < 0.5 ? [a, b] : [b, a];
        const id = ++seq;
        const startedAt = performance.now();
        sent.set(id, { startedAt, receiver: to, deliveries: 0, latency: NaN, afterStore: NaN });
        const res = await fetch(`${server.url}/api/direct-messages/send`, {
          method: 'POST',
          headers: { cookie: users[from].cookie, origin: server.url, 'content-type': 'application/json' },
          body: JSON.stringify({ receiverId: users[to].id, content: `bench ${id}` }),
        });
        await res.arrayBuffer();
        postTimes.push(performance.now() - startedAt);
        if (res.status !== 201) {
          failures += 1;
          sent.delete(id);
        }
      };

      /** Sends RATE a second for `seconds`, evenly: each tick sends what is due since the start (timer drift does not lower the rate). */
      const sendFor = async (seconds: number) => {
        const inFlight: Promise<void>[] = [];
        const started = performance.now();
        const total = Math.round(RATE * seconds);
        let count = 0;
        await new Promise<void>((resolve) => {
          const timer = setInterval(() => {
            const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
            for (; count < due; count++) inFlight.push(send());
            if (count >= total) {
              clearInterval(timer);
              resolve();
            }
          }, 5);
        });
        await Promise.all(inFlight);
      };
      // Warm-up (JIT, prepared statements, the HTTP connection pool), not measured.
      await sendFor(WARM_UP_S);
      const settle = performance.now() + GRACE_MS;
      while (performance.now() < settle && [...sent.values()].some((e) => e.deliveries === 0))
        await new Promise((r) => setTimeout(r, 20));
      const warmUpLost = [...sent.values()].filter((e) => e.deliveries === 0).length;
      sent.clear();
      postTimes.length = 0;
      const firstMeasured = seq + 1;
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      await sendFor(DURATION_S);
      loop.disable();
      const deadline = performance.now() + GRACE_MS;
      while (performance.now() < deadline && [...sent.values()].some((e) => e.deliveries === 0))
        await new Promise((r) => setTimeout(r, 20));

      const entries = [...sent.values()];
      if (process.env.BENCH_DEBUG) {
        console.log(
          `  load generator event-loop delay max ${Math.round(loop.max / 1e6)} ms p99 ${Math.round(loop.percentile(99) / 1e6)} ms`,
        );
        const slow = [...entries].sort((x, y) => y.latency - x.latency).slice(0, 15);
        console.log(slow.map((e) => `${Math.round(e.startedAt)}:${Math.round(e.latency)}`).join(' '));
      }
      const lost = entries.filter((e) => e.deliveries === 0).length;
      const duplicated = entries.filter((e) => e.deliveries > 1).length;
      const latencies = (transport?: Transport) =>
        entries
          .filter((e) => e.deliveries > 0 && (!transport || transportOf(e.receiver) === transport))
          .map((e) => e.latency)
          .sort((x, y) => x - y);
      const all = latencies();
      const afterStore = entries
        .filter((e) => e.deliveries > 0)
        .map((e) => e.afterStore)
        .sort((x, y) => x - y);
      const ws = latencies('ws');
      const trpc = latencies('trpc');
      postTimes.sort((x, y) => x - y);
      const rss = rssMb(server.child.pid!);
      console.log(
        `  warm-up: ${WARM_UP_S} s at ${RATE}/s (${warmUpLost} lost); measured: sent ${seq - firstMeasured + 1} messages in ${DURATION_S} s ` +
          `(${failures} refused), delivered ${all.length}, lost ${lost}, duplicated ${duplicated}; ` +
          `server RSS ${rss} MB`,
      );
      console.log(
        `  /ws p50 ${round(percentile(ws, 50))} ms p99 ${round(percentile(ws, 99))} ms; tRPC p50 ${round(percentile(trpc, 50))} ms p99 ${round(percentile(trpc, 99))} ms`,
      );
      return [
        {
          label: 'baseline: POST /api/direct-messages/send round trip p50',
          value: round(percentile(postTimes, 50)),
          unit: 'ms',
        },
        {
          label: 'baseline: POST /api/direct-messages/send round trip p99',
          value: round(percentile(postTimes, 99)),
          unit: 'ms',
        },
        {
          label: `delivery latency p50 (${sockets.length} sockets, ${RATE} msg/s)`,
          value: round(percentile(all, 50)),
          unit: 'ms',
        },
        {
          label: `delivery latency p99 (${sockets.length} sockets, ${RATE} msg/s)`,
          value: round(percentile(all, 99)),
          unit: 'ms',
          target: { max: 50 },
        },
        { label: 'from store to arrival p50 (bus, read, push)', value: round(percentile(afterStore, 50)), unit: 'ms' },
        {
          label: 'from store to arrival p99 (bus, read, push)',
          value: round(percentile(afterStore, 99)),
          unit: 'ms',
          target: { max: 50 },
        },
        { label: 'delivery latency p99 over /ws', value: round(percentile(ws, 99)), unit: 'ms', target: { max: 50 } },
        {
          label: 'delivery latency p99 over tRPC social.messages',
          value: round(percentile(trpc, 99)),
          unit: 'ms',
          target: { max: 50 },
        },
        { label: 'messages lost', value: lost + warmUpLost, unit: 'messages', target: { max: 1 } },
        { label: 'messages delivered twice', value: duplicated, unit: 'messages', target: { max: 1 } },
        { label: 'sends refused', value: failures, unit: 'messages', target: { max: 1 } },
      ];
    } finally {
      for (const socket of sockets) socket.terminate();
      await new Promise<void>((resolve) => {
        if (server.child.exitCode !== null) return resolve();
        server.child.once('exit', () => resolve());
        server.child.kill('SIGTERM');
      });
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default bench;
