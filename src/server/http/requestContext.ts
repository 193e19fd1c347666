import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { createContext, type Context } from '../trpc/context';

/** The tRPC context for a plain HTTP request (used by tRPC's adapter and the REST shim alike). */
export function createHttpContext(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<Context> {
  return createContext(
    deps,
    req.headers.cookie,
    { ip: req.ip, secure: req.protocol === 'https', userAgent: req.headers['user-agent'] ?? '', host: req.host },
    { set: (cookie) => appendSetCookie(reply, cookie) },
  );
}

function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}
