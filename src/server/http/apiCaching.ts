import type { FastifyReply, FastifyRequest } from 'fastify';

const NO_STORE = 'no-store';

/** Answers under /api and /trpc are API answers (JSON for our own scripts); everything else is a page or a file. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc/') || url === '/trpc';
}

/**
 * No cache (browser, proxy or CDN) keeps an API answer unless its route asked for it: answers carry user data
 * (the user, usage, portfolios, messages) or depend on who asks. Answers to a request with a cookie, and answers
 * that set one, are never stored, whatever the route said: a shared cache must not hand one person's answer, or
 * their session cookie, to the next. Applied to every API answer by http/responseHeaders.ts.
 */
export function applyApiCaching(req: FastifyRequest, reply: FastifyReply): void {
  const personal = req.headers.cookie !== undefined || reply.hasHeader('set-cookie');
  if (personal || !reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
}
