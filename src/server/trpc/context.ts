import type { IncomingMessage } from 'node:http';
import type { Session, User } from 'lucia';
import type { AppDeps } from '../deps';

/** How a procedure sets or clears cookies; a no-op on websocket connections. */
export interface CookieWriter {
  set(serializedCookie: string): void;
}

export interface RequestInfo {
  ip: string;
  /** True when the request reached us over https (directly or through a trusted proxy). */
  secure: boolean;
  userAgent: string;
  /** The Host the request named (with any port). Client-supplied: fine for refusing, never for trusting. */
  host: string;
}

export interface Context {
  deps: AppDeps;
  user: User | null;
  session: Session | null;
  request: RequestInfo;
  cookies: CookieWriter;
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
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
  const sessionId = readCookie(cookieHeader, lucia.sessionCookieName);
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

/** Context for tRPC calls over websockets: same session check, cookies cannot be written. */
export function createWsContext(deps: AppDeps, req: IncomingMessage): Promise<Context> {
  return createContext(
    deps,
    req.headers.cookie,
    {
      ip: req.socket.remoteAddress ?? 'unknown',
      secure: false,
      userAgent: req.headers['user-agent'] ?? '',
      host: req.headers.host ?? '',
    },
    { set: () => undefined },
  );
}
