/**
 * The followers of the tick-to-row bench, in a process of their own so their JSON parsing does not share the server's
 * event loop. Reads `[{ cookie, id }]` from the file named, opens one socket per entry and subscribes it to
 * `watchlists.live` for its list; prints "ready" once every subscription started, then records for DURATION ms when
 * (wall clock, ms) each socket first received a row carrying each price, and prints one JSON line:
 * `{ "SYMBOL|price": [arrival, …] }`.
 *
 *   tsx bench/watchlists/followers.ts http://127.0.0.1:PORT follows.json DURATION_MS
 */
import { readFileSync } from 'node:fs';
import { tickedRows, type WatchlistLiveEvent } from '../../src/shared/watchlists/types';
import { TrpcSocket } from '../../tests/helpers/sockets';

const [url, file, durationText] = process.argv.slice(2);
const follows = JSON.parse(readFileSync(file, 'utf8')) as Array<{ cookie: string; id: string }>;
const wallNow = () => performance.timeOrigin + performance.now();

const arrivals: Record<string, number[]> = {};
let recording = false;
const sockets: TrpcSocket[] = [];
for (const follow of follows) {
  const socket = await TrpcSocket.open(url, { cookie: follow.cookie });
  sockets.push(socket);
  const sub = socket.subscribe('watchlists.live', { id: follow.id });
  // The first row carrying each price: a row sent again later with new figures (a new minute) is no tick's.
  const seen = new Set<string>();
  socket.ws.on('message', () => {
    const last = sub.data.at(-1) as WatchlistLiveEvent | undefined;
    sub.data.length = 0;
    if (!recording || last?.type !== 'rows') return;
    const at = wallNow();
    for (const row of tickedRows(last)) {
      const key = `${row.symbol}|${row.price}`;
      if (seen.has(key)) continue;
      seen.add(key);
      (arrivals[key] ??= []).push(at);
    }
  });
  const outcome = await sub.outcome;
  if (!outcome.ok) throw new Error(`watchlists.live refused: ${outcome.error.message}`);
}
console.log('ready');
// Let the first list events pass, then record.
await new Promise((r) => setTimeout(r, 2_000));
recording = true;
await new Promise((r) => setTimeout(r, Number(durationText)));
recording = false;
for (const socket of sockets) socket.close();
// Exit only once the (large) line is written: a pipe takes it asynchronously.
process.stdout.write(`${JSON.stringify(arrivals)}\n`, () => process.exit(0));
