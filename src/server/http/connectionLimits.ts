import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { AppConfig } from '../config';
import { admitConnections } from './connectionAdmission';
import { writeRawAnswer } from './clientErrors';
import { mayBeProxy } from './proxyTrust';

/**
 * How long a client may take, and how many connections there may be, so that slow or idle clients cannot hold the
 * server's sockets (slowloris, trickled bodies, connections opened and left):
 * - a whole request (headers and body) must arrive within HTTP_REQUEST_TIMEOUT_MS (408 otherwise), its headers
 *   within 10 s at most;
 * - a connection silent for HTTP_IDLE_TIMEOUT_MS while a request arrives or an answer is read is cut (a body that
 *   stops is answered 408) — but not while the silence is ours (a handler working on a complete request, or a
 *   stream between chunks, with nothing waiting to be written): that is bounded by our own timeouts (market
 *   upstream, AI), not by the client;
 * - an idle keep-alive connection closes after HTTP_KEEP_ALIVE_TIMEOUT_MS;
 * - past HTTP_MAX_CONNECTIONS_PER_ADDRESS from one address, new ones from it are answered 429 and closed;
 * - past HTTP_MAX_CONNECTIONS admitted connections (websockets included), new ones are dropped, and a tenth of them is
 *   kept for addresses that hold few (connectionAdmission.ts).
 * All per instance: they guard this process's sockets and timers, which no other instance shares.
 */

type Limits = Pick<
  AppConfig,
  | 'HTTP_REQUEST_TIMEOUT_MS'
  | 'HTTP_IDLE_TIMEOUT_MS'
  | 'HTTP_KEEP_ALIVE_TIMEOUT_MS'
  | 'HTTP_MAX_CONNECTIONS'
  | 'HTTP_MAX_CONNECTIONS_PER_ADDRESS'
  | 'TRUST_PROXY'
>;

const MAX_HEADERS_TIMEOUT_MS = 10_000;

/** The Fastify options that carry the timeouts. */
export function connectionTimeoutOptions(config: Limits): Partial<FastifyHttpOptions<Server>> {
  return {
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      // Node enforces the request and headers timeouts on this tick (30 s by default, so a 30 s limit could
      // stretch to a minute); a tenth of the limit keeps the cut close to the limit.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(config.HTTP_REQUEST_TIMEOUT_MS / 10))),
      headersTimeout: Math.min(config.HTTP_REQUEST_TIMEOUT_MS, MAX_HEADERS_TIMEOUT_MS),
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    },
  };
}

/** What a connection is doing, as far as the idle timeout cares: null between requests. */
type Phase = 'receiving' | 'handling' | null;

/**
 * The response each socket is working on, recorded by a plain 'request' listener: the phase is read from it only
 * when a timeout fires (a body still arriving, or a complete request being answered), so no request pays a hook.
 */
function trackResponses(server: Server) {
  const current = new WeakMap<Socket, ServerResponse>();
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => current.set(req.socket, res));
  return {
    phaseOf(socket: Socket): Phase {
      const res = current.get(socket);
      if (!res || res.writableFinished) return null;
      return res.req.complete ? 'handling' : 'receiving';
    },
    /** The socket's request is over for us (answered 408): a later timeout finds it idle. */
    forget: (socket: Socket) => current.delete(socket),
  };
}

/** Installs the connection caps and the idle-timeout rule on the app's server. Call before listen. */
export function registerConnectionLimits(app: FastifyInstance, config: Limits): void {
  // Not Node's server.maxConnections: it counts refused connections still reading their 429 (connectionAdmission.ts).
  admitConnections(app.server, {
    maxTotal: config.HTTP_MAX_CONNECTIONS,
    maxPerAddress: config.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    exempt: mayBeProxy(config.TRUST_PROXY),
  });
  const responses = trackResponses(app.server);

  // With a 'timeout' listener Node leaves the decision to us instead of destroying the socket.
  app.server.on('timeout', (socket: Socket) => {
    const phase = responses.phaseOf(socket);
    if (phase === 'receiving') {
      responses.forget(socket);
      writeRawAnswer(socket, 408, 'The request body stopped arriving. Please try again.');
      // A client that does not read the answer either is not waited for.
      setTimeout(() => socket.destroy(), 1_000).unref();
      return;
    }
    // Nothing waiting to be written: the silence is ours (a handler or a stream still producing), bounded by
    // our own timeouts. Bytes waiting: the client stopped reading, and is cut like an idle one.
    if (phase === 'handling' && socket.writableLength === 0) return;
    socket.destroy();
  });
}
