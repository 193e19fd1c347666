import { matchQuery } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, splitLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/router';
import type { PublicUser } from '../../shared/user';
import { queryClient } from './queryClient';
import { reopenSharedSocket, socketLink } from './sharedSocket';

/**
 * What a call may ask of the links: `skipBatch` sends it alone rather than in a batch, which answers only when its
 * slowest call does. The sign-in check and the market data travel alone: a price must not wait for a five-year
 * history, nor the chart for the agent's conversation list.
 */
export type CallContext = {
  skipBatch?: boolean;
};

/** The request options (`trpc:` in queryOptions) of a call that travels alone. */
export const ALONE = { context: { skipBatch: true } satisfies CallContext };

/**
 * Queries and mutations go over batched HTTP (a call sent alone is a batch of one, so every request and answer has
 * the same form); subscriptions (live quotes, messages, the agent's answers) over the socket.
 */
const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: socketLink,
      false: splitLink({
        condition: (op) => (op.context as CallContext).skipBatch === true,
        true: httpBatchLink({ url: '/trpc', transformer: superjson, maxItems: 1 }),
        false: httpBatchLink({ url: '/trpc', transformer: superjson }),
      }),
    }),
  ],
});

const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/**
 * The app's one tRPC client and its react-query options (queryOptions, queryKey, mutationOptions,
 * subscriptionOptions), typed against the router. One of each per page, so no provider: hook-shaped so screens
 * read them the way tRPC's context would give them.
 */
export const useTRPC = () => trpc;
/** The same options for code outside React that fetches ahead of a screen (a route's loader). */
export const trpcOutsideReact = trpc;
export const useTRPCClient = () => trpcClient;

// The shared socket follows the signed-in user: the sign-in check's first answer says whose cookie any socket opened
// with; each later answer naming someone else (sign-in, sign-out, another account) reopens it (see sharedSocket.ts).
const signInCheck = trpc.auth.user.queryFilter();
let socketUserId: string | null | undefined;
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.action.type !== 'success' || !matchQuery(signInCheck, event.query)) return;
  const userId = (event.query.state.data as PublicUser | null | undefined)?.id ?? null;
  if (socketUserId !== undefined && socketUserId !== userId) reopenSharedSocket();
  socketUserId = userId;
});
