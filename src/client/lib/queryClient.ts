import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { redirectIfBanned } from './errors';

/**
 * product.md §9 defaults: no automatic refetch, never stale, no retries; queries opt into more. What react-query does
 * by default stays: a fetch waits while the browser is offline and stale answers on screen are fetched again when
 * it is back (networkMode 'online', refetchOnReconnect), and an answer no screen has shown for 5 minutes is dropped
 * (gcTime: the chart's long histories do not pile up).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: redirectIfBanned }),
    mutationCache: new MutationCache({ onError: redirectIfBanned }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one query cache: the provider at the root of the page and the tRPC options (lib/trpc.ts) share it. */
export const queryClient = createQueryClient();
