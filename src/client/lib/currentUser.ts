import type { PublicUser } from '../../shared/user';
import { isBannedError, isUnauthorized, redirectIfBanned } from './errors';
import { fetchPlainQuery, plainQueryKey } from './plainTrpcQuery';
import { smallStore } from './smallStore';

export { TrpcHttpError } from './plainTrpcQuery';

/**
 * The sign-in check without the tRPC client: every page asks it first (the landing page asks little else), so it
 * is a plain GET of /trpc/auth.user under the key tRPC's hooks use for it (checked by a unit test). Sign-in and
 * sign-out code that sets or invalidates that key through tRPC therefore updates this query as before.
 */
export const CURRENT_USER_KEY = plainQueryKey('auth', 'user');

/** The signed-in user, or null when signed out. The answer is plain JSON: PublicUser holds no dates or maps. */
export function fetchCurrentUser(options: { signal?: AbortSignal } = {}): Promise<PublicUser | null> {
  return fetchPlainQuery<PublicUser>('auth.user', options);
}

/** product.md §4: stale after 5 s, refetched every 30 s and on window focus. */
export const CURRENT_USER_STALE_MS = 5_000;
export const CURRENT_USER_REFRESH_MS = 30_000;

/** One retry, except for Unauthorized or banned answers. */
export function retryCurrentUser(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isUnauthorized(error) && !isBannedError(error);
}

/** What useAuth reads: react-query's status, data and error of the sign-in check. */
export interface CurrentUserState {
  status: 'pending' | 'success' | 'error';
  /** The last answer (kept through a later failure), undefined before the first one. */
  data: PublicUser | null | undefined;
  error: unknown;
}

/**
 * The sign-in check's state, readable without react-query: the landing page's first load has no room for it
 * (a tenth of its JavaScript budget). Until the query cache loads (with the first screen that fetches data), this
 * module runs the check itself with react-query's rules for it (see the constants above; a fetch waits while
 * offline; refetched on mount, focus and reconnect when stale). Then lib/queryClient.ts takes it over: the answer
 * so far goes into the cache under CURRENT_USER_KEY and this store mirrors the cache's query from then on, so
 * code that sets or invalidates that key through tRPC updates every useAuth as before.
 */
export const currentUserStore = smallStore<CurrentUserState>({ status: 'pending', data: undefined, error: null });

/** Whoever runs the check: this module first, the query cache once it has loaded. */
interface CheckRunner {
  /** A component that reads the check mounted: fetch if stale (react-query's refetchOnMount). */
  refreshIfStale(): void;
}

let dataUpdatedAt = 0;
let inflight: Promise<PublicUser | null> | null = null;
let started = false;
let handedOver = false;
let online = true;
let fetchWhenOnline = false;

function isStale(): boolean {
  const { data } = currentUserStore.get();
  return data === undefined || Date.now() - dataUpdatedAt >= CURRENT_USER_STALE_MS;
}

/** The same user as before keeps its object, as react-query's structural sharing does. */
function sameAnswer(a: PublicUser | null | undefined, b: PublicUser | null | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));
}

/** One call, retried as react-query would: its answer, or the last failure. */
async function attempt(failureCount: number): Promise<PublicUser | null> {
  try {
    return await fetchCurrentUser();
  } catch (error) {
    if (!retryCurrentUser(failureCount, error)) throw error;
    // react-query's default delay: 1 s, then doubling.
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** failureCount, 30_000)));
    return attempt(failureCount + 1);
  }
}

function fetchNow(): void {
  if (handedOver || inflight) return;
  if (!online) {
    fetchWhenOnline = true;
    return;
  }
  const running = attempt(0);
  inflight = running;
  running
    .then(
      (data) => {
        if (handedOver) return;
        const previous = currentUserStore.get().data;
        dataUpdatedAt = Date.now();
        currentUserStore.set({ status: 'success', data: sameAnswer(previous, data) ? previous : data, error: null });
      },
      (error: unknown) => {
        // Once handed over, the query cache reports this failure (and redirects a banned user) itself.
        if (handedOver) return;
        currentUserStore.set({ status: 'error', data: currentUserStore.get().data, error });
        redirectIfBanned(error);
      },
    )
    .finally(() => {
      if (inflight === running) inflight = null;
    });
}

function start(): void {
  started = true;
  fetchNow();
  const interval = setInterval(() => {
    if (handedOver) return clearInterval(interval);
    // Like refetchInterval without refetchIntervalInBackground: not while the tab is hidden.
    if (document.visibilityState !== 'hidden') fetchNow();
  }, CURRENT_USER_REFRESH_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' && isStale()) fetchNow();
  });
  window.addEventListener('online', () => {
    online = true;
    if (fetchWhenOnline || isStale()) {
      fetchWhenOnline = false;
      fetchNow();
    }
  });
  window.addEventListener('offline', () => {
    online = false;
  });
}

let runner: CheckRunner = {
  refreshIfStale() {
    if (!started) start();
    else if (isStale()) fetchNow();
  },
};

/** Called by useAuth when it mounts. */
export function refreshCurrentUserIfStale(): void {
  runner.refreshIfStale();
}

/**
 * The query cache takes the check over (once, when it loads): this module stops fetching and says what it has —
 * the last answer and when it came, or the fetch still under way (its answer, retries included, or its failure).
 */
export function handOverCurrentUser(next: CheckRunner): {
  state: CurrentUserState;
  dataUpdatedAt: number;
  inflight: Promise<PublicUser | null> | null;
} {
  handedOver = true;
  runner = next;
  return { state: currentUserStore.get(), dataUpdatedAt, inflight };
}
