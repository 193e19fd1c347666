import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { createHttpContext } from '../http/requestContext';
import { toErrorResponse } from '../trpc/errors';
import { createCaller } from '../trpc/router';

export type Caller = ReturnType<typeof createCaller>;

/**
 * One documented /api path mapped onto a tRPC procedure. The handler only picks the input out of the
 * request and calls the procedure: no logic lives here, so REST and tRPC can never disagree.
 */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  call: (caller: Caller, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Status on success; 200 unless said. */
  status?: number;
}

export function registerRestRoutes(app: FastifyInstance, deps: AppDeps, routes: readonly RestRoute[]): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (req, reply) => {
        try {
          const caller = createCaller(await createHttpContext(deps, req, reply));
          const result = await route.call(caller, req, reply);
          if (reply.sent) return reply;
          reply.code(route.status ?? 200);
          return result ?? null;
        } catch (error) {
          const { status, body } = toErrorResponse(error);
          if (status >= 500) req.log.error({ err: error }, 'REST call failed');
          return reply.code(status).send(body);
        }
      },
    });
  }
}

/** Request parts as plain objects, so procedures validate them with their zod schemas. */
export const bodyOf = (req: FastifyRequest): unknown => req.body ?? {};
export const paramsOf = (req: FastifyRequest) => req.params as Record<string, string>;
export const queryOf = (req: FastifyRequest) => req.query as Record<string, string | undefined>;
