import { MutationCache, QueryCache, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { PublicUser } from '../../shared/user';
import {
  CURRENT_USER_KEY,
  CURRENT_USER_REFRESH_MS,
  CURRENT_USER_STALE_MS,
  currentUserStore,
  fetchCurrentUser,
  handOverCurrentUser,
  retryCurrentUser,
} from './currentUser';
import { redirectIfBanned } from './errors';
import { queryClientSlot } from './queryClientSlot';

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

/** The app's one query cache: React's provider (through queryClientSlot) and the tRPC options all use it. */
export const queryClient = createQueryClient();
// What QueryClientProvider would do on mount: refetch on window focus and on reconnect.
queryClient.mount();

/** The current user (product.md §4): lib/currentUser.ts's rules, now run by the query cache. */
const currentUserOptions = {
  queryKey: CURRENT_USER_KEY,
  queryFn: fetchCurrentUser,
  staleTime: CURRENT_USER_STALE_MS,
  refetchInterval: CURRENT_USER_REFRESH_MS,
  refetchOnWindowFocus: true,
  retry: retryCurrentUser,
} as const;

/**
 * The sign-in check moves into the cache: the answer lib/currentUser.ts had (or the fetch it has under way) is
 * the query's, and an observer that never unmounts (the page's AccessGate always reads it) keeps currentUserStore
 * in step with the query, whoever sets or invalidates it.
 */
function adoptCurrentUser(): void {
  const observer = new QueryObserver<PublicUser | null>(queryClient, currentUserOptions);
  const taken = handOverCurrentUser({
    refreshIfStale() {
      const query = observer.getCurrentQuery();
      if (query.state.fetchStatus === 'idle' && query.isStaleByTime(CURRENT_USER_STALE_MS))
        void observer.refetch({ cancelRefetch: false });
    },
  });
  if (taken.state.data !== undefined) {
    queryClient.setQueryData(CURRENT_USER_KEY, taken.state.data, { updatedAt: taken.dataUpdatedAt });
  }
  if (taken.state.status === 'error') {
    // A failed check stays failed (not loading again) while the next one runs, as in react-query.
    observer
      .getCurrentQuery()
      .setState({ status: 'error', error: taken.state.error as Error, errorUpdatedAt: Date.now() });
  }
  if (taken.inflight) {
    const answer = taken.inflight;
    void queryClient.prefetchQuery({ ...currentUserOptions, queryFn: () => answer, retry: false });
  }
  const publish = () => {
    const { status, data, error } = observer.getCurrentResult();
    const current = currentUserStore.get();
    if (current.status === status && current.data === data && current.error === error) return;
    currentUserStore.set({ status, data, error });
  };
  observer.subscribe(publish);
  publish();
}

adoptCurrentUser();
queryClientSlot.set(queryClient);
