import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../depsTypes';
import { createContext, type Context } from './context';

/**
 * The tRPC context for a plain HTTP request (used by tRPC's adapter and the REST shim alike). Cookies are
 * @fastify/cookie's: read by its parser, written by `reply.setCookie`, which keeps one Set-Cookie per cookie (the
 * context may refresh or clear the session cookie and the procedure then set it again, at sign-in or sign-out; two
 * lines for one cookie would leave the browser's choice to chance).
 */
export function createHttpContext(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<Context> {
  const header = req.headers.cookie;
  return createContext(
    deps,
    header ? req.server.parseCookie(header) : {},
    { ip: req.ip, secure: req.protocol === 'https', userAgent: req.headers['user-agent'] ?? '', host: req.host },
    {
      set: (cookie) => {
        reply.setCookie(cookie.name, cookie.value, cookie.attributes);
      },
    },
  );
}
