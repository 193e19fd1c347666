import type { Cookie, Session, User } from 'lucia';
import type { AppDeps } from '../depsTypes';
import type { RequestInfo } from '../http/requestInfo';
import type { SocketConnection } from '../realtime/socketConnection';
import { unavailableOr } from './errors';

/**
 * How a procedure sets or clears cookies (over HTTP, @fastify/cookie's `reply.setCookie`: one Set-Cookie per cookie,
 * the last word winning); a no-op on websocket connections.
 */
export interface CookieWriter {
  set(cookie: Cookie): void;
}

/** A request's cookies by name, as @fastify/cookie's parser reads the Cookie header. */
export type RequestCookies = Record<string, string | undefined>;

/** Lucia's ids are 40 lower-case base32 characters; allow some room, but nothing a database lookup could choke on. */
const SESSION_ID_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The session id among the request's cookies. Anything unreadable (bad percent-encoding such as `%E0%A4%A`, which
 * the parser leaves undecoded, or a value no session id could have) means "no session": the caller is a signed-out
 * visitor, never a 500.
 */
export function sessionIdFrom(cookies: RequestCookies, name: string): string | null {
  const value = cookies[name];
  return value !== undefined && SESSION_ID_SHAPE.test(value) ? value : null;
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
  requestCookies: RequestCookies,
  request: RequestInfo,
  cookies: CookieWriter,
): Promise<Context> {
  const { lucia } = deps;
  const sessionId = sessionIdFrom(requestCookies, lucia.sessionCookieName);
  if (!sessionId) return { deps, user: null, session: null, request, cookies };
  // Read before any procedure runs: a database out of reach answers 503 here too, not 500.
  const { session, user } = await lucia.validateSession(sessionId).catch((error: unknown) => {
    throw unavailableOr(error);
  });
  if (session?.fresh) cookies.set(sessionCookie(deps, session.id, request.secure));
  if (!session) cookies.set(blankSessionCookie(deps, request.secure));
  return { deps, user, session, request, cookies };
}

export function sessionCookie(deps: AppDeps, sessionId: string, secure: boolean): Cookie {
  const cookie = deps.lucia.createSessionCookie(sessionId);
  cookie.attributes.secure = secure;
  return cookie;
}

export function blankSessionCookie(deps: AppDeps, secure: boolean): Cookie {
  const cookie = deps.lucia.createBlankSessionCookie();
  cookie.attributes.secure = secure;
  return cookie;
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
