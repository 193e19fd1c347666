import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'onSend';

/**
 * Adds a hook to one route as it is declared (from an onRoute hook), after the route's own. A hook only some routes
 * need (tRPC's) is added to those alone, so the others (the quotes path) do not pay a call per request for it.
 */
export function appendRouteHook<K extends HookName>(
  route: RouteOptions,
  name: K,
  hook: NonNullable<RouteOptions[K]>,
): void {
  const asList = (h: RouteOptions[K]): unknown[] => (Array.isArray(h) ? h : h ? [h] : []);
  route[name] = [...asList(route[name]), ...asList(hook)] as RouteOptions[K];
}
