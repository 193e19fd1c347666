import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { startServerProcess, type ServerProcess } from './serverProcess';
import type { Bench, BenchFigure } from './types';

/**
 * Issue 26 item 7: connections refused by the per-address cap still filled the server-wide cap (HTTP_MAX_CONNECTIONS,
 * 1,000 by default; 100 per address). The probe's two repros, at full size, on loopback addresses (127.0.0.x needs no
 * setup on Linux), against the real server with its defaults:
 * - one address keeps 1,100 idle connections coming (each replaced after about a second); another makes 30 requests;
 * - eleven addresses keep 100 each coming; a twelfth makes 111 requests.
 * A request "reset" is one whose connection was dropped without an answer: before the fix, 8 of 30 and 79 of 111.
 * Each request is on a fresh connection, as a new visitor's would be.
 */

const SETTLE_MS = 1_500;

interface Crowd {
  /** Connections the crowd has open right now (as the crowd sees them). */
  open(): number;
  stop(): void;
}

/** How long a crowd connection stays open before the crowd replaces it with a fresh one. */
const LIFETIME_MS = 1_200;

/**
 * `perAddress` idle connections from each of `addresses`. They never read (so a refused one is not closed from this
 * side when its 429 arrives: the server holds it until its linger ends) and each is replaced by a fresh one after
 * LIFETIME_MS, so the crowd keeps knocking: about perAddress new connections per address a second.
 */
function crowd(url: string, addresses: string[], perAddress: number): Crowd {
  const port = Number(new URL(url).port);
  const sockets = new Set<Socket>();
  let stopped = false;
  const open = (localAddress: string) => {
    if (stopped) return;
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    socket.on('error', () => undefined);
    socket.pause();
    sockets.add(socket);
    const replace = setTimeout(() => socket.destroy(), LIFETIME_MS * (0.5 + Math.random()));
    socket.once('close', () => {
      clearTimeout(replace);
      sockets.delete(socket);
      open(localAddress);
    });
  };
  for (const address of addresses) for (let i = 0; i < perAddress; i++) open(address);
  return {
    open: () => sockets.size,
    stop() {
      stopped = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** GET /healthz on a fresh connection from `localAddress`: the status, or 0 when the connection was dropped. */
function visit(url: string, localAddress: string): Promise<number> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/healthz', localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(5_000, () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

async function visits(url: string, localAddress: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push(await visit(url, localAddress));
    await new Promise((r) => setTimeout(r, 30));
  }
  return statuses;
}

const describe = (statuses: number[]) => {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n} × ${s === 0 ? 'reset' : s}`).join(', ');
};

async function scenario(
  server: ServerProcess,
  name: string,
  crowdAddresses: string[],
  perAddress: number,
  visitor: string,
  requests: number,
): Promise<number> {
  const held = crowd(server.url, crowdAddresses, perAddress);
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const statuses = await visits(server.url, visitor, requests);
    console.log(`  ${name}: crowd holds ${held.open()} connections; ${visitor}: ${describe(statuses)}`);
    return statuses.filter((s) => s === 0).length;
  } finally {
    held.stop();
    await new Promise((r) => setTimeout(r, 500));
  }
}

const bench: Bench = {
  name: 'connection caps: other visitors while the server is crowded',
  async run(): Promise<BenchFigure[]> {
    const server = await startServerProcess('tickwise.ts');
    try {
      const one = await scenario(server, '1,100 idle from one address', ['127.0.0.1'], 1_100, '127.0.0.2', 30);
      const eleven = Array.from({ length: 11 }, (_, i) => `127.0.0.${11 + i}`);
      const many = await scenario(server, '11 addresses × 100', eleven, 100, '127.0.0.30', 111);
      return [
        {
          label: 'requests reset, 30 from a 2nd address beside 1,100 idle from one',
          value: one,
          unit: '',
          target: { max: 1 },
        },
        { label: 'requests reset, 111 from a 12th address beside 11 × 100', value: many, unit: '', target: { max: 1 } },
      ];
    } finally {
      await server.stop();
    }
  },
};

export default bench;
