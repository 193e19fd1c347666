import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from 'lucia';
import type { AppDeps } from '../depsTypes';
import { createHttpContext } from '../trpc/httpContext';
import { appError } from '../errors/appError';
import { toErrorResponse } from '../trpc/errors';
import { createCaller } from '../trpc/router';
import { refuseNul } from '../trpc/nulCharacter';
import { assertSignedIn } from '../trpc/signedIn';

export type Caller = ReturnType<typeof createCaller>;

/**
 * One documented /api path mapped onto a tRPC procedure. The handler only picks the input out of the
 * request and calls the procedure: no logic lives here, so REST and tRPC can never disagree.
 */
interface RestRouteBase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Status on success; 200 unless said. */
  status?: number;
}

export type RestRoute = RestRouteBase &
  (
    | { call: (caller: Caller, req: FastifyRequest, reply: FastifyReply) => Promise<unknown> }
    /** A public answer that reads no session: it skips building a request context and a caller. */
    | { callPublic: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown> }
    /**
     * A hot signed-in read that skips tRPC's caller: the shim reads the session and makes the authenticated calls'
     * checks (the raw input's NUL check, trpc/signedIn.ts), the route parses its input with the procedure's schema and
     * calls the procedure's service (decision 030).
     */
    | { callAuthed: (user: User, req: FastifyRequest) => Promise<unknown> }
  );

async function answer(route: RestRoute, deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if ('callPublic' in route) return route.callPublic(req, reply);
  const context = await createHttpContext(deps, req, reply);
  if ('callAuthed' in route) {
    // In the procedures' order: the raw input's NUL check, then the sign-in check, then the route's schema.
    refuseNul([req.params, req.query, req.body]);
    return route.callAuthed(assertSignedIn(context).user, req);
  }
  return route.call(createCaller(context), req, reply);
}

export function registerRestRoutes(app: FastifyInstance, deps: AppDeps, routes: readonly RestRoute[]): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (req, reply) => {
        try {
          const result = await answer(route, deps, req, reply);
          if (reply.sent) return reply;
          reply.code(route.status ?? 200);
          return result ?? null;
        } catch (error) {
          return sendError(req, reply, error);
        }
      },
    });
  }
}

/**
 * An error answer in the product's shape. Failures are logged: bugs (500) as errors, a database or upstream out of
 * reach (503) as warnings, since an outage makes one per request and says nothing new.
 */
export function sendError(req: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const { status, body } = toErrorResponse(error);
  if (status === 503) req.log.warn({ err: error }, 'REST call unavailable');
  else if (status >= 500) req.log.error({ err: error }, 'REST call failed');
  return reply.code(status).send(body);
}

/** Request parts as plain objects, so procedures validate them with their zod schemas. */
export const bodyOf = (req: FastifyRequest): unknown => req.body ?? {};
export const paramsOf = (req: FastifyRequest) => req.params as Record<string, string>;
export const queryOf = (req: FastifyRequest) => req.query as Record<string, string | undefined>;

/** The body as an object (none is an empty one), or a 400 when it is text, a list or a number. */
export function objectBody(req: FastifyRequest): Record<string, unknown> {
  const body = bodyOf(req);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw appError('BAD_REQUEST', 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** The body as a JSON object with the path's ids laid over it (a body cannot redirect a call to another record). */
export function bodyWithIds(req: FastifyRequest, ids: Record<string, string> = {}): never {
  return { ...objectBody(req), ...ids } as never;
}
