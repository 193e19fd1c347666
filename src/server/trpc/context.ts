import type { Session, User } from 'lucia';
import type { AppDeps } from '../depsTypes';
import type { RequestInfo } from '../http/requestInfo';
import { readSessionId } from '../http/sessionCookie';
import type { SocketConnection } from '../realtime/socketConnection';

/** How a procedure sets or clears cookies; a no-op on websocket connections. */
export interface CookieWriter {
  set(serializedCookie: string): void;
}

export type { RequestInfo };

export interface Context {
  deps: AppDeps;
  user: User | null;
  session: Session | null;
  request: RequestInfo;
  cookies: CookieWriter;
  /**
   * Set for calls over a websocket: the registered socket, whose session is re-read before every operation
   * (see trpc/init.ts) and whose caps bound its subscriptions. Absent for HTTP calls.
   */
  connection?: SocketConnection;
}

/**
 * Validates the session cookie and builds the context every procedure sees.
 * Lucia extends sessions past half their life; the refreshed cookie is written here.
 */
export async function createContext(
  deps: AppDeps,
  cookieHeader: string | undefined,
  request: RequestInfo,
  cookies: CookieWriter,
): Promise<Context> {
  const { lucia } = deps;
  const sessionId = readSessionId(cookieHeader, lucia.sessionCookieName);
  if (!sessionId) return { deps, user: null, session: null, request, cookies };
  const { session, user } = await lucia.validateSession(sessionId);
  if (session?.fresh) cookies.set(serializeSessionCookie(deps, session.id, request.secure));
  if (!session) cookies.set(serializeBlankSessionCookie(deps, request.secure));
  return { deps, user, session, request, cookies };
}

export function serializeSessionCookie(deps: AppDeps, sessionId: string, secure: boolean): string {
  const cookie = deps.lucia.createSessionCookie(sessionId);
  cookie.attributes.secure = secure;
  return cookie.serialize();
}

export function serializeBlankSessionCookie(deps: AppDeps, secure: boolean): string {
  const cookie = deps.lucia.createBlankSessionCookie();
  cookie.attributes.secure = secure;
  return cookie.serialize();
}

/**
 * Context for tRPC calls over a websocket: the identity the upgrade validated (see websockets.ts), which
 * every operation refreshes from the database before it runs. Cookies cannot be written on a socket.
 */
export function createWsContext(deps: AppDeps, connection: SocketConnection): Context {
  return {
    deps,
    user: null,
    session: null,
    request: connection.request,
    cookies: { set: () => undefined },
    connection,
  };
}
