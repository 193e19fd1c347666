import { applyWSSHandler } from '@trpc/server/adapters/ws';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { AppDeps } from '../deps';
import { isUpgradeOriginAllowed } from '../http/originCheck';
import { createWsContext } from '../trpc/context';
import { appRouter } from '../trpc/router';

export interface WebsocketEndpoints {
  /** Tells subscribed clients to reconnect, then closes every socket. */
  close(): Promise<void>;
}

/**
 * Two websocket endpoints share the HTTP port: `/trpc` carries tRPC subscriptions (live quotes, messages)
 * and `/ws` is the spec's socket for the social hub.
 */
export function attachWebsockets(server: Server, deps: AppDeps): WebsocketEndpoints {
  const trpcWss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const trpcHandler = applyWSSHandler({
    wss: trpcWss,
    router: appRouter,
    createContext: ({ req }) => createWsContext(deps, req),
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
  });

  const specWss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  specWss.on('connection', (socket) => {
    socket.on('error', (err) => deps.log.debug({ err }, '/ws socket error'));
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    const target = path === '/trpc' ? trpcWss : path === '/ws' ? specWss : null;
    if (!target || !isUpgradeOriginAllowed(req, deps.config.ALLOWED_ORIGINS)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    target.handleUpgrade(req, socket, head, (ws) => target.emit('connection', ws, req));
  });

  return {
    async close() {
      trpcHandler.broadcastReconnectNotification();
      for (const wss of [trpcWss, specWss]) {
        for (const client of wss.clients) client.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      }
    },
  };
}
