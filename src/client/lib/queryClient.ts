import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isBannedError } from './errors';

/** product.md §8: a banned answer anywhere sends the browser to /banned. */
function redirectIfBanned(error: unknown): void {
  if (isBannedError(error) && window.location.pathname !== '/banned') window.location.assign('/banned');
}

/** product.md §9 defaults: no automatic refetch, never stale, no retries. Queries opt into more. */
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

/** The app's one query cache: the router's context, React's provider and the tRPC options all use it. */
export const queryClient = createQueryClient();
