import WebSocket from 'ws';
import type { Seed, SeededUser } from '../social/seed';
import { cpuMeter } from './cpu';
import { onCleanup, withTimeout } from './lifecycle';

/**
 * Direct-message delivery over the spec's `/ws` socket (as bench/social.bench.ts measures it) with the sockets spread
 * over one or more instances: user i is connected to instance i % n. Message k goes from user k % users to its ring
 * neighbour k % users + 1, which with two instances and an even ring always sits on the other instance; the POST goes
 * to a random instance, so about half the deliveries are local to the instance that stored the message and half
 * cross over the shared bus (PostgreSQL NOTIFY). Senders take turns, so each sends at most a couple of messages,
 * far below MESSAGE_RATE (src/shared/social/limits.ts).
 *
 * Latency per message: from the moment its POST starts to the moment the receiver's socket has it. Lost: not received
 * within GRACE_MS after the last POST answered. Duplicated: received more than once.
 */
export const RATE = 100;

export interface DeliveryOptions {
  /** Messages a second (RATE unless given). */
  rate?: number;
  /**
   * Connect from 127.0.0.1-127.0.0.50 in turn (Linux answers the whole 127/8 locally): 10,000 sockets would exceed the
   * server's per-address websocket cap from one address, and one address's ports.
   */
  spreadAddresses?: boolean;
  /**
   * 'chain' (default): message k goes from user k to user k + 1, so consecutive messages share a person (k + 1
   * receives one and sends the next), and a send waits for the one before it (each takes its sender's and receiver's
   * lock). 'pairs': message k goes from user 2j to 2j + 1 (j = k mod users/2): consecutive messages share nobody.
   */
  pattern?: 'chain' | 'pairs';
}
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARM_UP_S = 2;
const GRACE_MS = 5_000;

export interface DeliveryResult {
  sent: number;
  refused: number;
  received: number;
  lost: number;
  duplicated: number;
  /** Sorted delivery latencies (ms) of every message received. */
  latencies: number[];
  /** Sorted latencies of messages POSTed to the receiver's own instance / to another instance. */
  local: number[];
  crossing: number[];
  postTimes: number[];
  /** Sorted times from the POST's answer to the receipt (negative: the socket had it before the sender's answer). */
  afterAnswer: number[];
  warmUpLost: number;
  /** After the warm-up, before the load: one message at a time (POST round trip, and delivery), sorted. */
  idlePost: number[];
  idleDelivery: number[];
  /** CPU milliseconds per measured message: the server processes together, PostgreSQL's backends for the database. */
  serverCpuPerMessage: number;
  postgresCpuPerMessage: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Entry {
  startedAt: number;
  receiver: number;
  local: boolean;
  deliveries: number;
  latency: number;
  answeredAt: number;
}

function connect(
  url: string,
  user: SeededUser,
  onMessage: (seq: number, at: number) => void,
  localAddress?: string,
): Promise<WebSocket> {
  const ws = new WebSocket(url.replace('http', 'ws') + '/ws', {
    headers: { cookie: user.cookie, origin: url },
    ...(localAddress ? { localAddress } : {}),
  });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`socket closed (${code}) before it was authenticated`)));
    ws.once('open', () => ws.send(JSON.stringify({ type: 'authenticate', userId: user.id })));
    ws.on('message', (raw) => {
      const at = performance.now();
      const text = (Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)).toString();
      if (text === 'PING') return ws.send('PONG');
      const message = JSON.parse(text);
      if (message.type === 'authenticated') resolve(ws);
      else if (message.type === 'new_message') onMessage(Number(message.message.content.split(' ')[1]), at);
      else if (message.type === 'error') reject(new Error(message.message));
    });
  });
}

export async function measureDelivery(
  servers: Array<{ url: string; pid: number }>,
  { users }: Seed,
  /** PostgreSQL database name, to count its backends' CPU. */
  database?: string,
  { rate = RATE, spreadAddresses = false, pattern = 'chain' }: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const urls = servers.map((s) => s.url);
  const sent = new Map<number, Entry>();
  const onMessage = (receiver: number) => (seq: number, at: number) => {
    const entry = sent.get(seq);
    if (!entry || entry.receiver !== receiver) return;
    entry.deliveries += 1;
    if (entry.deliveries === 1) entry.latency = at - entry.startedAt;
  };
  const instanceOf = (user: number) => user % urls.length;

  const sockets: WebSocket[] = [];
  const closeSockets = () => {
    for (const socket of sockets.splice(0)) socket.terminate();
  };
  onCleanup(closeSockets);
  try {
    const connectStarted = performance.now();
    await withTimeout(
      (async () => {
        for (let i = 0; i < users.length; i += 100) {
          const batch = users
            .slice(i, i + 100)
            .map((user, k) =>
              connect(
                urls[instanceOf(i + k)],
                user,
                onMessage(i + k),
                spreadAddresses ? `127.0.0.${1 + ((i + k) % 50)}` : undefined,
              ),
            );
          sockets.push(...(await Promise.all(batch)));
        }
      })(),
      60_000 + users.length * 20,
      'connecting the sockets',
    );
    console.log(
      `    ${sockets.length} /ws sockets ready on ${urls.length} instance(s) in ${Math.round(performance.now() - connectStarted)} ms`,
    );

    const postTimes: number[] = [];
    let refused = 0;
    let seq = 0;
    const send = async () => {
      const id = ++seq;
      const from = pattern === 'pairs' ? (2 * id) % (users.length - (users.length % 2)) : id % users.length;
      const to = (from + 1) % users.length;
      const target = Math.floor(Math.random() * urls.length);
      const startedAt = performance.now();
      const entry: Entry = {
        startedAt,
        receiver: to,
        local: target === instanceOf(to),
        deliveries: 0,
        latency: NaN,
        answeredAt: NaN,
      };
      sent.set(id, entry);
      try {
        const res = await fetch(`${urls[target]}/api/direct-messages/send`, {
          method: 'POST',
          headers: { cookie: users[from].cookie, origin: urls[target], 'content-type': 'application/json' },
          body: JSON.stringify({ receiverId: users[to].id, content: `bench ${id}` }),
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`status ${res.status}`);
        entry.answeredAt = performance.now();
        postTimes.push(entry.answeredAt - startedAt);
      } catch (error) {
        const cause = (error as { cause?: Error }).cause?.message;
        if (refused++ === 0) console.log(`    first refused send: ${String(error)}${cause ? ` (${cause})` : ''}`);
        sent.delete(id);
      }
    };
    /** `rate` a second for `seconds`, evenly: each tick sends what is due since the start. */
    const sendFor = async (seconds: number) => {
      const inFlight: Promise<void>[] = [];
      const started = performance.now();
      const total = Math.round(rate * seconds);
      let count = 0;
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
          for (; count < due; count++) inFlight.push(send());
          if (count >= total) {
            clearInterval(timer);
            resolve();
          }
        }, 5);
      });
      await Promise.all(inFlight);
    };
    const settle = async () => {
      const deadline = performance.now() + GRACE_MS;
      while (performance.now() < deadline) {
        const entries = [...sent.values()];
        // Every message arrived: wait a little longer only to catch late duplicates.
        if (entries.every((e) => e.deliveries > 0)) {
          await new Promise((r) => setTimeout(r, 500));
          return;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    // Warm-up (JIT, pools, prepared statements), not measured.
    await withTimeout(sendFor(WARM_UP_S).then(settle), (WARM_UP_S + 40) * 1000, 'warm-up');
    const warmUpLost = [...sent.values()].filter((e) => e.deliveries === 0).length;
    sent.clear();
    postTimes.length = 0;
    refused = 0;
    // After the warm-up, one at a time: what a message takes on an otherwise quiet server.
    const idlePost: number[] = [];
    const idleDelivery: number[] = [];
    await withTimeout(
      (async () => {
        for (let i = 0; i < 30; i++) {
          await send();
          const entry = sent.get(seq);
          const deadline = performance.now() + 2_000;
          while (entry && entry.deliveries === 0 && performance.now() < deadline)
            await new Promise((r) => setTimeout(r, 1));
          if (i < 5 || !entry) continue;
          idlePost.push(entry.answeredAt - entry.startedAt);
          idleDelivery.push(entry.latency);
        }
      })(),
      60_000,
      'one-at-a-time sends',
    );
    idlePost.sort((x, y) => x - y);
    idleDelivery.sort((x, y) => x - y);
    sent.clear();
    postTimes.length = 0;
    refused = 0;

    const firstMeasured = seq + 1;
    const cpu = cpuMeter(
      servers.map((s) => s.pid),
      database,
    );
    await withTimeout(sendFor(DURATION_S).then(settle), (DURATION_S + 40) * 1000, 'measured sends');
    const used = cpu();

    const entries = [...sent.values()];
    const sorted = (list: Entry[]) =>
      list
        .filter((e) => e.deliveries > 0)
        .map((e) => e.latency)
        .sort((x, y) => x - y);
    const count = seq - firstMeasured + 1;
    return {
      sent: count,
      idlePost,
      idleDelivery,
      serverCpuPerMessage: used.servers / 1000 / count,
      postgresCpuPerMessage: used.postgres / 1000 / count,
      afterAnswer: entries
        .filter((e) => e.deliveries > 0)
        .map((e) => e.startedAt + e.latency - e.answeredAt)
        .sort((x, y) => x - y),
      refused,
      received: entries.filter((e) => e.deliveries > 0).length,
      lost: entries.filter((e) => e.deliveries === 0).length,
      duplicated: entries.filter((e) => e.deliveries > 1).length,
      latencies: sorted(entries),
      local: sorted(entries.filter((e) => e.local)),
      crossing: sorted(entries.filter((e) => !e.local)),
      postTimes: postTimes.sort((x, y) => x - y),
      warmUpLost,
    };
  } finally {
    closeSockets();
  }
}
