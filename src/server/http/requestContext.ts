import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../depsTypes';
import { createContext, type Context } from '../trpc/context';
import { setCookieName } from './sessionCookie';

/** The tRPC context for a plain HTTP request (used by tRPC's adapter and the REST shim alike). */
export function createHttpContext(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<Context> {
  return createContext(
    deps,
    req.headers.cookie,
    { ip: req.ip, secure: req.protocol === 'https', userAgent: req.headers['user-agent'] ?? '', host: req.host },
    { set: (cookie) => appendSetCookie(reply, cookie) },
  );
}

/**
 * One Set-Cookie per cookie name, the last word winning: the context may refresh or clear the session cookie and the
 * procedure then set it again (sign-in, sign-out), and two lines for one cookie leave the browser's choice to chance.
 */
function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  const name = setCookieName(cookie);
  // Fastify appends to an existing set-cookie header instead of replacing it, hence the removal first.
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...list.filter((line) => setCookieName(line) !== name), cookie]);
}
