import type { Session, User } from 'lucia';
import { BANNED_MESSAGE } from '../../shared/errors';
import { appError } from '../errors/appError';

/**
 * Signed in and not banned, or the error every authenticated call answers: 401, or 403 { banned: true } for a banned
 * user. One check for the procedures' guard (trpc/init.ts) and the REST paths that skip tRPC's caller (rest/shim.ts).
 */
export function assertSignedIn(auth: { user: User | null; session: Session | null }): { user: User; session: Session } {
  if (!auth.user || !auth.session) throw appError('UNAUTHORIZED', 'Unauthorized');
  if (auth.user.banned) throw appError('FORBIDDEN', BANNED_MESSAGE, { banned: true });
  return { user: auth.user, session: auth.session };
}
