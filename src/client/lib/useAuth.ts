import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../shared/user';
import { isBannedError, isUnauthorized } from './errors';
import type { AuthState, SessionHint } from './routeAccess';
import { readSessionHint } from './sessionHint';
import { ALONE, trpcOutsideReact } from './trpc';

export interface Auth {
  user: PublicUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  isBanned: boolean;
  state: AuthState;
  /** While loading: what this browser was last time (a guess for placeholders, never a permission). */
  hint: SessionHint;
}

/** product.md §4: stale after 5 s, refetched every 30 s and on window focus. */
const CURRENT_USER_STALE_MS = 5_000;
const CURRENT_USER_REFRESH_MS = 30_000;

/** One retry, except for Unauthorized or banned answers. */
function retryCurrentUser(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isUnauthorized(error) && !isBannedError(error);
}

/** The sign-in check's query, the same wherever it is read or fetched ahead (a route's loader, say). */
export function currentUserQueryOptions() {
  return trpcOutsideReact.auth.user.queryOptions(undefined, {
    staleTime: CURRENT_USER_STALE_MS,
    refetchInterval: CURRENT_USER_REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: retryCurrentUser,
    trpc: ALONE,
  });
}

/**
 * The current user (product.md §4): `auth.user` through react-query, refetched every 30 s and on window focus, stale
 * after 5 s, one retry except for Unauthorized or banned answers. It travels alone rather than in a batch, so the
 * page's other data never waits for it. Signed out (or a 401) is null.
 */
export function useAuth(): Auth {
  const query = useQuery(currentUserQueryOptions());
  const user = query.data ?? null;
  // Banned if the flag is set or the server said so in its error (product.md §4).
  const isBanned = Boolean(user?.banned) || (query.isError && isBannedError(query.error));
  const isLoading = query.isPending;
  const isAuthenticated = Boolean(user) && !isBanned;
  const state: AuthState = isLoading ? 'loading' : isBanned ? 'banned' : isAuthenticated ? 'signed-in' : 'signed-out';
  const hint: SessionHint = isLoading ? readSessionHint() : state === 'signed-in' ? 'signed-in' : 'signed-out';
  return { user, isLoading, isAuthenticated, isBanned, state, hint };
}
