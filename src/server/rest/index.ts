import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { authRoutes } from './auth';
import { chatRoutes } from './chat';
import { portfoliosRoutes } from './portfolios';
import { registerRestRoutes } from './shim';
import { socialRoutes } from './social';
import { statusRoutes } from './status';
import { stocksRoutes } from './stocks';
import { usageRoutes } from './usage';

/** Every documented /api path, one list per domain. */
export function registerRestApi(app: FastifyInstance, deps: AppDeps): void {
  registerRestRoutes(app, deps, [
    ...authRoutes,
    ...usageRoutes,
    ...stocksRoutes(deps),
    ...chatRoutes(deps),
    ...portfoliosRoutes(deps),
    ...socialRoutes,
    ...statusRoutes,
  ]);
}
