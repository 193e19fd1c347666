import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import { BANNED_MESSAGE } from '../../shared/errors';
import { SHUT_OUT_ERROR } from '../realtime/subscriptionBudget';
import type { Context } from './context';
import { refuseNul } from './nulCharacter';
import { appError } from '../errors/appError';
import { toErrorResponse, unavailableOr } from './errors';

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Subscriptions run over the /trpc websocket only, where the socket registry bounds and ends them; the HTTP
  // (server-sent events) transport is off (trpc/subscriptionsOverHttp.ts answers such requests with 405).
  sse: { enabled: false },
  // tRPC clients receive the same error body as REST clients, under data.app.
  errorFormatter({ shape, error }) {
    const { body } = toErrorResponse(error);
    return { ...shape, message: body.message, data: { ...shape.data, stack: undefined, app: body } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * A websocket's context lives as long as the connection, so before every operation on one the session is read again
 * (logout, a password change, expiry or a ban since the upgrade all count; the socket closes when they do).
 * HTTP contexts were validated for this very request and pass through.
 */
const freshSocketAuth = t.middleware(async ({ ctx, type, next }) => {
  if (!ctx.connection) return next();
  if (ctx.connection.isShutOut) throw SHUT_OUT_ERROR;
  // A connection with every subscription slot taken is refused before its input is parsed (floods are cheap to drop).
  if (type === 'subscription') ctx.connection.subscriptions.assertRoom();
  const { session, user } = await ctx.connection.currentAuth();
  return next({ ctx: { ...ctx, session, user } });
});

/**
 * A call that failed because the database could not be reached answers 503 with a plain message (trpc/errors.ts),
 * over HTTP, REST and websockets alike. Outermost, so the websocket's session re-read is covered too.
 */
const databaseOutage = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.code !== 'SERVICE_UNAVAILABLE') {
    const answer = unavailableOr(result.error);
    if (answer !== result.error) throw answer;
  }
  return result;
});

/** No U+0000 in any input (see nulCharacter.ts); checked on the raw input, before any parser or service sees it. */
const noNulCharacters = t.middleware(async ({ getRawInput, next }) => {
  refuseNul(await getRawInput());
  return next();
});

export const publicProcedure = t.procedure.use(databaseOutage).use(freshSocketAuth).use(noNulCharacters);

/** Signed-in, not banned. Banned users get 403 { banned: true } on every authenticated call. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw appError('UNAUTHORIZED', 'Unauthorized');
  if (ctx.user.banned) throw appError('FORBIDDEN', BANNED_MESSAGE, { banned: true });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});
