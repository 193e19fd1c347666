import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { rawAnswer } from './clientErrors';

/** The answer to an address holding too many connections, HTTP or websocket (realtime/addressLimits.ts too). */
export const TOO_MANY_CONNECTIONS_MESSAGE =
  'Too many open connections from your address. Close some tabs and try again.';

/** How long a refused connection may stay open for the client to read its 429 before it is cut. */
const REFUSAL_LINGER_MS = 1_000;

const REFUSAL = rawAnswer(429, TOO_MANY_CONNECTIONS_MESSAGE, 'Retry-After: 1\r\n');

type ConnectionListener = (socket: Socket) => void;

/**
 * Open TCP connections per peer address, HTTP and websockets alike (an upgraded websocket keeps its connection):
 * at most `maxPerAddress`, so one address cannot take the server-wide HTTP_MAX_CONNECTIONS and leave the others
 * to be dropped. A connection past the cap never reaches the HTTP parser: it is answered 429 at once and closed.
 * `exempt` peers (proxies, which carry many clients on their connections: see proxyTrust.ts `mayBeProxy`) are not
 * counted.
 *
 * A concurrency cap, per instance on purpose: it protects this instance's sockets and HTTP_MAX_CONNECTIONS (each
 * instance has its own); open connections are given back on close, so it is a counter, not a rate limit.
 *
 * Installed by wrapping the server's own 'connection' listeners, which must already be attached (call before
 * listen, after the server is created).
 */
export function capConnectionsPerAddress(
  server: Server,
  maxPerAddress: number,
  exempt: (address: string) => boolean,
): void {
  const open = new Map<string, number>();
  const admit = server.listeners('connection') as ConnectionListener[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address !== undefined && !exempt(address)) {
      const count = open.get(address) ?? 0;
      if (count >= maxPerAddress) return refuse(socket);
      open.set(address, count + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      });
    }
    for (const listener of admit) listener.call(server, socket);
  });
}

function refuse(socket: Socket): void {
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
