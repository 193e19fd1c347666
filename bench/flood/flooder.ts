/**
 * The subscription flood of issue 7, run in its own process so it does not share an event loop with the load
 * generator measuring the API. For DURATION ms it repeats the attack: one unauthenticated socket sends
 * 2,000 `stocks.live` subscriptions of 50 random symbols each (fifty per websocket message); when the server cuts
 * it, the next socket does the same at once. Before that, 40 sockets are opened from the same address (past the
 * per-address cap of 32; the accepted ones stay open throughout). Prints "ready" once the first round is on the
 * wire, "round" after each round, then one JSON summary at the end.
 *
 *   tsx bench/flood/flooder.ts http://127.0.0.1:PORT DURATION_MS
 */
import type WebSocket from 'ws';
import { closedOf, openSocket, TrpcSocket } from '../../tests/helpers/sockets';

const [url, durationText] = process.argv.slice(2);
const deadline = Date.now() + Number(durationText);
const SUBSCRIPTIONS = 2_000;
const SYMBOLS = 50;

function randomSymbol(): string {
  let symbol = '';
  for (let i = 0; i < 4; i++) symbol += String.fromCharCode(65 + Math.floor(Math.random() * 26));
  return symbol;
}

const stats = {
  rounds: 0,
  subscriptionsSent: 0,
  started: 0,
  refused: 0,
  unanswered: 0,
  extraSockets: 0,
  upgradesRefused429: 0,
};

/** Sockets past the per-address cap; the accepted ones are held open while the floods run. */
async function pastTheCap(): Promise<WebSocket[]> {
  const held: WebSocket[] = [];
  for (let i = 0; i < 40; i++) {
    const outcome = await openSocket(url, '/trpc');
    if (outcome.kind === 'open') {
      stats.extraSockets++;
      held.push(outcome.ws);
    } else if (outcome.status === 429) stats.upgradesRefused429++;
  }
  // Leave a slot for the flooding socket.
  await Promise.all(
    held.splice(-1).map((ws) => {
      ws.close();
      return closedOf(ws);
    }),
  );
  return held;
}

/** One flooding socket, or null when the server refuses the upgrade (429: too many, too fast). */
async function openFlooder(): Promise<TrpcSocket | null> {
  const outcome = await openSocket(url, '/trpc');
  if (outcome.kind === 'refused') {
    stats.upgradesRefused429 += outcome.status === 429 ? 1 : 0;
    return null;
  }
  return TrpcSocket.wrap(outcome.ws);
}

async function floodRound(onSent: () => void): Promise<void> {
  const socket = await openFlooder();
  if (!socket) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return;
  }
  const outcomes: Array<Promise<{ ok: boolean; error?: { code: string } }>> = [];
  for (let sent = 0; sent < SUBSCRIPTIONS && socket.isOpen; sent += 50) {
    const inputs = Array.from({ length: 50 }, () => ({ symbols: Array.from({ length: SYMBOLS }, randomSymbol) }));
    outcomes.push(...socket.subscribeBatch('stocks.live', inputs));
    stats.subscriptionsSent += 50;
  }
  onSent();
  for (const outcome of await Promise.all(outcomes)) {
    if (outcome.ok) stats.started++;
    else if (outcome.error?.code === 'TOO_MANY_REQUESTS') stats.refused++;
    else stats.unanswered++;
  }
  stats.rounds++;
  socket.close();
  await socket.closed;
  console.log('round');
}

const held = await pastTheCap();
let announced = false;
while (Date.now() < deadline) {
  await floodRound(() => {
    if (!announced) console.log('ready');
    announced = true;
  });
}
for (const ws of held) ws.close();
console.log(JSON.stringify(stats));
process.exit(0);
