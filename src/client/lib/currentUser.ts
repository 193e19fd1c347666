import type { PublicUser } from '../../shared/user';
import { fetchPlainQuery, plainQueryKey } from './plainTrpcQuery';

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
