import { sessionIdHash } from '../../crypto/sha256';
import type { AppDeps } from '../../depsTypes';
import { deleteOtherSessions } from './users';

/**
 * The only ways a session ends on purpose. Each removes the session(s) through lucia / the database AND tells the
 * rest of the server on the bus, so that websockets riding them close at once (realtime/socketSessions.ts).
 * Ending a session anywhere else would leave its sockets acting for the user until the periodic check finds it.
 * The bus carries the SHA-256 of a session id, never the id: on PostgreSQL its events are NOTIFY payloads, which any
 * role allowed to LISTEN on the channel reads, and a kept session's id would sign them in (issue 26).
 */

export type SessionEndDeps = Pick<AppDeps, 'lucia' | 'db' | 'bus'>;

/** Sign-out, or a sign-in that replaces the browser's previous session. */
export async function endSession(deps: SessionEndDeps, sessionId: string, userId: string): Promise<void> {
  await deps.lucia.invalidateSession(sessionId);
  deps.bus.publish('session.ended', { sessionHash: sessionIdHash(sessionId), userId });
}

/** Every session of the user (e.g. an account deletion), or every one but `keepSessionId` (a password change). */
export async function endUserSessions(deps: SessionEndDeps, userId: string, keepSessionId?: string): Promise<void> {
  if (keepSessionId === undefined) await deps.lucia.invalidateUserSessions(userId);
  else await deleteOtherSessions(deps.db, userId, keepSessionId);
  deps.bus.publish('user.sessionsEnded', {
    userId,
    ...(keepSessionId === undefined ? {} : { keepSessionHash: sessionIdHash(keepSessionId) }),
  });
}
