import { applyWSSHandler } from '@trpc/server/adapters/ws';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { BANNED_MESSAGE, type ErrorBody } from '../shared/errors';
import type { AppDeps } from './depsTypes';
import { isUpgradeOriginAllowed, trustedOrigins } from './http/originCheck';
import { clientAddress, createTrustFn, requestProtocol } from './http/proxyTrust';
import { SpecSocketHub } from './modules/social/specSocket';
import type { SocketAuth, SocketPath } from './realtime/socketConnection';
import { SocketRegistry } from './realtime/socketSessions';
import { createWsContext, sessionIdFrom, type RequestCookies } from './trpc/context';
import { appRouter } from './trpc/router';

export interface WebsocketEndpoints {
  /** Every open socket, by session and user (the social hub pushes through it). */
  registry: SocketRegistry;
  /** Tells subscribed clients to reconnect, then closes every socket. */
  close(): Promise<void>;
}

export const WS_SIGN_IN_MESSAGE = 'Sign in to use real-time messaging';

/** Answers an upgrade we will not accept, in the product's error shape, and hangs up. */
function refuseUpgrade(socket: Duplex, status: number, statusText: string, body: ErrorBody): void {
  if (socket.destroyed) return;
  const json = JSON.stringify(body);
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
  );
}

/**
 * Two websocket endpoints share the HTTP port: `/trpc` carries tRPC subscriptions (live quotes, messages) and `/ws`
 * is the spec's socket for the social hub. Every upgrade passes the origin check and the per-address cap, has its
 * session cookie validated (a bad or missing cookie is a signed-out socket; `/ws` refuses those), and is registered
 * in the socket registry, which closes it when its session ends or its user is banned.
 */
export function attachWebsockets(
  server: Server,
  deps: AppDeps,
  /** The HTTP side's cookie parser (@fastify/cookie's `parseCookie`), so both read a Cookie header alike. */
  parseCookie: (header: string) => RequestCookies,
): WebsocketEndpoints {
  const { config } = deps;
  const trust = createTrustFn(config.TRUST_PROXY);
  const allowedOrigins = trustedOrigins(config);
  const registry = new SocketRegistry(deps, {
    maxPerAddress: config.WS_MAX_CONNECTIONS_PER_ADDRESS,
    sessionCheckMs: config.WS_SESSION_CHECK_MS,
  });

  const trpcWss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const trpcHandler = applyWSSHandler({
    wss: trpcWss,
    router: appRouter,
    createContext: ({ res }) => {
      // tRPC's adapter types `res` through its own copy of ws's types, which do not resolve here.
      const connection = registry.connectionOf(res as WebSocket);
      // Sockets reach tRPC only through the upgrade below, which registers them first.
      if (!connection) throw new Error('websocket connected without registration');
      return createWsContext(deps, connection);
    },
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') deps.log.error({ err: error, path }, 'tRPC websocket call failed');
    },
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
  });

  const specWss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const specSockets = new SpecSocketHub(deps);

  /** The session behind the upgrade's cookie; unreadable, unknown and expired cookies are signed out. */
  async function authenticate(req: IncomingMessage): Promise<SocketAuth> {
    const header = req.headers.cookie;
    const sessionId = sessionIdFrom(header ? parseCookie(header) : {}, deps.lucia.sessionCookieName);
    if (!sessionId) return { session: null, user: null };
    const { session, user } = await deps.lucia.validateSession(sessionId);
    return session && user ? { session, user } : { session: null, user: null };
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    const target: [SocketPath, WebSocketServer] | null =
      path === '/trpc' ? ['/trpc', trpcWss] : path === '/ws' ? ['/ws', specWss] : null;
    if (!target) return refuseUpgrade(socket, 404, 'Not Found', { message: 'Not found' });
    if (!isUpgradeOriginAllowed(req, allowedOrigins, trust)) {
      return refuseUpgrade(socket, 403, 'Forbidden', { message: 'Cross-origin request refused' });
    }
    const address = clientAddress(req, trust);
    const slot = registry.reserve(address);
    if (!slot.ok) return refuseUpgrade(socket, 429, 'Too Many Requests', { message: slot.message });
    const releaseSlot = slot.release;
    let registered = false;
    try {
      let auth = await authenticate(req);
      if (auth.user?.banned) {
        if (target[0] === '/ws') {
          return refuseUpgrade(socket, 403, 'Forbidden', { message: BANNED_MESSAGE, banned: true });
        }
        // A banned user's tab may still watch public quotes, as anyone signed out can; it speaks for nobody.
        auth = { session: null, user: null };
      }
      if (target[0] === '/ws' && !auth.user) {
        return refuseUpgrade(socket, 401, 'Unauthorized', { message: WS_SIGN_IN_MESSAGE });
      }
      if (socket.destroyed) return;
      const [socketPath, wss] = target;
      wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
        registered = true;
        const connection = registry.register(ws, {
          path: socketPath,
          request: {
            ip: address,
            secure: requestProtocol(req, trust) === 'https',
            userAgent: req.headers['user-agent'] ?? '',
            host: req.headers.host ?? '',
          },
          auth,
          releaseSlot,
        });
        if (socketPath === '/ws') specSockets.accept(connection);
        wss.emit('connection', ws, req);
      });
    } catch (error) {
      deps.log.error({ err: error }, 'websocket upgrade failed');
      refuseUpgrade(socket, 503, 'Service Unavailable', { message: 'Please try again in a moment.' });
    } finally {
      // ws answers a malformed handshake itself without calling back (it calls back synchronously otherwise);
      // the slot must not stay taken.
      if (!registered) releaseSlot();
    }
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets mid-handshake must not become an unhandled 'error' event.
    socket.on('error', () => socket.destroy());
    void upgrade(req, socket, head);
  });

  return {
    registry,
    async close() {
      registry.close();
      specSockets.close();
      trpcHandler.broadcastReconnectNotification();
      for (const wss of [trpcWss, specWss]) {
        for (const client of wss.clients) client.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      }
    },
  };
}
