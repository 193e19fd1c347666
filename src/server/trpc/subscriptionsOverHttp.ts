import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { appendRouteHook } from '../http/routeHooks';
import { SUBSCRIPTIONS_NEED_WEBSOCKET_MESSAGE } from './socketSubscription';
import { appRouter } from './router';

/** Paths of every subscription procedure (e.g. 'stocks.live'), read from the router itself. */
function subscriptionPaths(): Set<string> {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  return new Set(Object.keys(procedures).filter((path) => procedures[path]._def.type === 'subscription'));
}

/**
 * tRPC can also serve subscriptions over HTTP as server-sent events (httpSubscriptionLink). Tickwise does not: the
 * client subscribes over the /trpc websocket, where the per-connection caps and the socket registry bound and end
 * every stream. A GET of a subscription path answers 405 with a message instead of an open-ended stream.
 */
export function registerSubscriptionsOverHttpRefusal(app: FastifyInstance): void {
  const paths = subscriptionPaths();
  const refuseSubscriptions: onRequestHookHandler = (req, reply, done) => {
    let path: string;
    try {
      path = decodeURIComponent(req.url.slice('/trpc/'.length).split('?')[0]);
    } catch {
      return done();
    }
    if (!path.split(',').some((p) => paths.has(p))) return done();
    void reply.code(405).header('allow', '').send({ message: SUBSCRIPTIONS_NEED_WEBSOCKET_MESSAGE });
  };
  // Only tRPC's routes (declared after this) can serve a subscription; no other route runs the check.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/trpc/')) appendRouteHook(route, 'onRequest', refuseSubscriptions);
  });
}
