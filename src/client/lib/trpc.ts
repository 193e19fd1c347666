import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  httpLink,
  splitLink,
  wsLink,
  type TRPCWebSocketClient,
} from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/router';
import { queryClient } from './queryClient';
import { onSignedInUserChange } from './socketIdentity';

/** The websocket URL of a path on this page's own host (wss on https). */
export function websocketUrl(path: '/trpc' | '/ws' = '/trpc'): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${path}`;
}

/**
 * Queries and mutations go over batched HTTP; subscriptions (live quotes, the agent's answers) over one websocket. The
 * sign-in check travels alone: a batch answers when its slowest call does, and the page's market data must not wait for it.
 */
function createAppTrpcClient(socket: TRPCWebSocketClient) {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: socket, transformer: superjson }),
        false: splitLink({
          condition: (op) => op.path === 'auth.user',
          true: httpLink({ url: '/trpc', transformer: superjson }),
          false: httpBatchLink({ url: '/trpc', transformer: superjson }),
        }),
      }),
    ],
  });
}

// lazy: the socket opens with the first subscription and closes 10 s after the last one ends.
const sharedSocket = createWSClient({ url: () => websocketUrl('/trpc'), lazy: { enabled: true, closeMs: 10_000 } });
export const appTrpcClient = createAppTrpcClient(sharedSocket);
const trpc = createTRPCOptionsProxy<AppRouter>({ client: appTrpcClient, queryClient });

/**
 * The shared socket speaks for whoever was signed in when it opened: closed when that changes, tRPC reopens it at
 * once with the current cookie and sends its running subscriptions again, so live quotes carry on and subscriptions
 * that need a user (the agent's streamed answer) run as that user.
 */
onSignedInUserChange(() => {
  const ws = sharedSocket.connection?.ws;
  if (ws && (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING))
    ws.close(1000, 'Signed-in user changed');
});

/**
 * The app's one tRPC client and its query options, made when the first screen that fetches data loads this module
 * (no provider: the landing page, which only asks who is signed in, never downloads the tRPC client). Hook-shaped so
 * screens read them as before.
 */
export const useTRPC = () => trpc;
export const useTRPCClient = () => appTrpcClient;
