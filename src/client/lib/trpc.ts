import { createTRPCClient, createWSClient, httpBatchLink, httpLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/router';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

function websocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/trpc`;
}

/**
 * Queries and mutations go over batched HTTP; subscriptions (live quotes, messages) over one websocket. The sign-in
 * check travels alone: a batch answers when its slowest call does, and the page's market data must not wait for it.
 */
export function createAppTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        // lazy: the socket opens with the first subscription and closes when none is left.
        true: wsLink({
          client: createWSClient({ url: websocketUrl, lazy: { enabled: true, closeMs: 10_000 } }),
          transformer: superjson,
        }),
        false: splitLink({
          condition: (op) => op.path === 'auth.user',
          true: httpLink({ url: '/trpc', transformer: superjson }),
          false: httpBatchLink({ url: '/trpc', transformer: superjson }),
        }),
      }),
    ],
  });
}
