import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../depsTypes';
import { accountRoutes } from './account';
import { alertsRoutes } from './alerts';
import { authRoutes } from './auth';
import { calendarRoutes } from './calendar';
import { chatRoutes } from './chat';
import { portfoliosRoutes } from './portfolios';
import { notificationsRoutes } from './notifications';
import { registerQuotesRoute } from './quotesRoute';
import { registerRestRoutes } from './shim';
import { socialRoutes } from './social';
import { statusRoutes } from './status';
import { stocksRoutes } from './stocks';
import { usageRoutes } from './usage';
import { watchlistsRoutes } from './watchlists';

/** Every documented /api path, one list per domain; the hot quotes path on its own (quotesRoute.ts). */
export function registerRestApi(app: FastifyInstance, deps: AppDeps): void {
  registerQuotesRoute(app, deps);
  registerRestRoutes(app, deps, [
    ...authRoutes,
    ...accountRoutes,
    ...usageRoutes,
    ...stocksRoutes(deps),
    ...chatRoutes(deps),
    ...portfoliosRoutes(deps),
    ...socialRoutes,
    ...watchlistsRoutes,
    ...calendarRoutes,
    ...statusRoutes,
    ...notificationsRoutes,
    ...alertsRoutes,
  ]);
}
