import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { appendRouteHook } from '../http/routeHooks';

export const TRPC_METHODS_MESSAGE = 'Use GET for queries and POST for mutations on /trpc.';

/** What tRPC serves over HTTP: queries by GET (and so HEAD), mutations by POST. */
const ALLOWED = new Set(['GET', 'HEAD', 'POST']);
const ALLOW_HEADER = 'GET, HEAD, POST';

/**
 * tRPC's Fastify adapter declares its path for every method Fastify knows and hands each request on as a fetch
 * `Request`, which refuses TRACE (a TypeError that answered 500 with a stack in the log, issue 26) and made PUT,
 * PATCH, DELETE and OPTIONS answer 415 in tRPC's own error shape. Any method but GET, HEAD and POST now answers 405
 * with `Allow` and a message in the `{ message }` shape, before tRPC sees it. Only the routes of the other methods
 * carry the hook, so queries and mutations pay nothing for it.
 */
export function registerTrpcMethodRefusal(app: FastifyInstance): void {
  const refuse: onRequestHookHandler = (req, reply, done) => {
    if (ALLOWED.has(req.method)) return done();
    void reply.code(405).header('allow', ALLOW_HEADER).send({ message: TRPC_METHODS_MESSAGE });
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/trpc/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((method) => !ALLOWED.has(method))) appendRouteHook(route, 'onRequest', refuse);
  });
}
