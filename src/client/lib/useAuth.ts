import { useEffect } from 'react';
import type { PublicUser } from '../../shared/user';
import type { AuthState, SessionHint } from './routeAccess';
import { readSessionHint } from './sessionHint';
import { currentUserStore, refreshCurrentUserIfStale } from './currentUser';
import { isBannedError } from './errors';
import { followSignedInUser } from './socketIdentity';

export interface Auth {
  user: PublicUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  isBanned: boolean;
  state: AuthState;
  /** While loading: what this browser was last time (a guess for placeholders, never a permission). */
  hint: SessionHint;
}

/**
 * The current user (product.md §4): refetched every 30 s and on window focus, stale after 5 s, one retry except for
 * Unauthorized or banned answers (lib/currentUser.ts, then the query cache once it loads). Signed out (or a 401) is
 * null.
 */
export function useAuth(): Auth {
  const query = currentUserStore.use();
  // Like a useQuery mounting: a stale answer is fetched again.
  useEffect(refreshCurrentUserIfStale, []);
  const user = query.data ?? null;
  // Banned if the flag is set or the server said so in its error (product.md §4).
  const isBanned = Boolean(user?.banned) || (query.status === 'error' && isBannedError(query.error));
  const isLoading = query.status === 'pending';
  const isAuthenticated = Boolean(user) && !isBanned;
  const state: AuthState = isLoading ? 'loading' : isBanned ? 'banned' : isAuthenticated ? 'signed-in' : 'signed-out';
  const userId = isLoading ? undefined : (user?.id ?? null);
  // The shared websocket speaks for whoever was signed in when it opened: reopen it when that changes.
  useEffect(() => {
    if (userId !== undefined) followSignedInUser(userId);
  }, [userId]);
  const hint: SessionHint = isLoading ? readSessionHint() : state === 'signed-in' ? 'signed-in' : 'signed-out';
  return { user, isLoading, isAuthenticated, isBanned, state, hint };
}
