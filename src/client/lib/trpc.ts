import { createTRPCClient, createWSClient, httpBatchLink, httpLink, splitLink, wsLink, type TRPCWebSocketClient } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/router';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The websocket URL of a path on this page's own host (wss on https). */
export function websocketUrl(path: '/trpc' | '/ws' = '/trpc'): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${path}`;
}

/** The app's shared websocket (live quotes, the agent's streamed answers); see followSignedInUser. */
let sharedSocket: TRPCWebSocketClient | null = null;

/**
 * Queries and mutations go over batched HTTP; subscriptions (live quotes, the agent's answers) over one websocket. The
 * sign-in check travels alone: a batch answers when its slowest call does, and the page's market data must not wait for it.
 */
export function createAppTrpcClient() {
  // lazy: the socket opens with the first subscription and closes 10 s after the last one ends.
  sharedSocket = createWSClient({ url: () => websocketUrl('/trpc'), lazy: { enabled: true, closeMs: 10_000 } });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: sharedSocket, transformer: superjson }),
        false: splitLink({
          condition: (op) => op.path === 'auth.user',
          true: httpLink({ url: '/trpc', transformer: superjson }),
          false: httpBatchLink({ url: '/trpc', transformer: superjson }),
        }),
      }),
    ],
  });
}

/** Whose session the shared socket was opened with, as far as the page knows (undefined: not known yet). */
let socketUserId: string | null | undefined;

/**
 * A websocket's identity is the session cookie sent when it opened, fixed for its life. When the signed-in user
 * changes (sign-in, sign-out, another account) the shared socket is closed; tRPC reopens it at once with the current
 * cookie and sends its running subscriptions again, so live quotes carry on and subscriptions that need a user
 * (the agent's streamed answer) run as that user. Called by useAuth whenever the current user is known.
 */
export function followSignedInUser(userId: string | null): void {
  if (socketUserId === undefined || socketUserId === userId) {
    // The first answer describes the cookie the page loaded with: the one any open socket was opened with too.
    socketUserId = userId;
    return;
  }
  socketUserId = userId;
  const ws = sharedSocket?.connection?.ws;
  if (ws && (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)) ws.close(1000, 'Signed-in user changed');
}
