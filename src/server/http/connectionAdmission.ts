import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { rawAnswer } from './clientErrors';

/** The answer to an address holding too many connections, HTTP or websocket (realtime/addressLimits.ts too). */
export const TOO_MANY_CONNECTIONS_MESSAGE =
  'Too many open connections from your address. Close some tabs and try again.';

/** How long a refused connection may stay open for the client to read its 429 before it is cut. */
const REFUSAL_LINGER_MS = 1_000;

const REFUSAL = rawAnswer(429, TOO_MANY_CONNECTIONS_MESSAGE, 'Retry-After: 1\r\n');

/**
 * An address holding fewer open connections than this is a visitor like any other (a browser opens up to six HTTP
 * connections to a host, and two websockets here): it may use the reserve below.
 */
export const FEW_CONNECTIONS = 8;
/** Share of HTTP_MAX_CONNECTIONS kept for addresses that hold few connections. */
const RESERVE_SHARE = 0.1;
/** Share of HTTP_MAX_CONNECTIONS that refused connections may take while their 429 is read; past it, cut at once. */
const LINGERING_SHARE = 0.1;

export interface AdmissionLimits {
  /** HTTP_MAX_CONNECTIONS: admitted connections, HTTP and websockets together. */
  maxTotal: number;
  /** HTTP_MAX_CONNECTIONS_PER_ADDRESS. */
  maxPerAddress: number;
  /** Peers that carry many clients (proxies: see proxyTrust.ts `mayBeProxy`): not counted per address. */
  exempt: (address: string) => boolean;
}

type ConnectionListener = (socket: Socket) => void;

/**
 * Which TCP connections the server takes, HTTP and websockets alike (an upgraded websocket keeps its connection):
 * - an address may hold `maxPerAddress`; past it, new connections from it are answered 429 at once and closed;
 * - the server holds `maxTotal` admitted connections. Only admitted ones count (issue 26: refused connections lingered
 *   for their 429 inside Node's `server.maxConnections`, and 1,100 from one address got other visitors reset). A
 *   tenth of it is kept for addresses holding fewer than FEW_CONNECTIONS: eleven addresses with 100 each could fill
 *   every slot, and a twelfth visitor was reset; now the crowd stops at nine tenths and the visitor is served;
 * - refusals waiting for their 429 to be read are bounded too; past that share they are cut without an answer.
 * Past `maxTotal`, or the crowd's share of it, a connection is dropped at once, as Node does with maxConnections.
 *
 * Per instance, on purpose: these protect this instance's sockets (each instance has its own); open connections are
 * given back on close, so these are counters, not rates. Installed by wrapping the server's own 'connection'
 * listeners, which must already be attached (call before listen, after the server is created).
 */
export function admitConnections(server: Server, limits: AdmissionLimits): void {
  const reserve = Math.max(1, Math.floor(limits.maxTotal * RESERVE_SHARE));
  const maxLingering = Math.max(1, Math.floor(limits.maxTotal * LINGERING_SHARE));
  const perAddress = new Map<string, number>();
  let admitted = 0;
  let lingering = 0;

  const refuse = (socket: Socket) => {
    if (lingering >= maxLingering) return void socket.destroy();
    lingering += 1;
    socket.once('close', () => (lingering -= 1));
    answerAndClose(socket);
  };

  const admit = server.listeners('connection') as ConnectionListener[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // A peer gone before we saw it has no address left to count against.
    if (address === undefined) return void socket.destroy();
    const counted = !limits.exempt(address);
    const held = counted ? (perAddress.get(address) ?? 0) : 0;
    if (counted && held >= limits.maxPerAddress) return refuse(socket);
    const ceiling = !counted || held < FEW_CONNECTIONS ? limits.maxTotal : limits.maxTotal - reserve;
    if (admitted >= ceiling) return void socket.destroy();
    admitted += 1;
    if (counted) perAddress.set(address, held + 1);
    socket.once('close', () => {
      admitted -= 1;
      if (!counted) return;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
    for (const listener of admit) listener.call(server, socket);
  });
}

function answerAndClose(socket: Socket): void {
  socket.on('error', () => socket.destroy());
  // Whatever the client sent is read and dropped: closing with unread bytes would reset the connection, and the
  // reset can reach the client before it reads the answer.
  socket.resume();
  socket.once('end', () => socket.destroy());
  socket.end(REFUSAL);
  const cut = setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS);
  cut.unref();
  socket.once('close', () => clearTimeout(cut));
}
