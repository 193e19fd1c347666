import { initTRPC, type ProcedureType } from '@trpc/server';
import superjson from 'superjson';
import { SHUT_OUT_ERROR } from '../realtime/subscriptionBudget';
import type { Context } from './context';
import { refuseNul } from './nulCharacter';
import { assertSignedIn } from './signedIn';
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
 * (logout, a password change, expiry or a ban since the upgrade all count; the socket closes when they do). A
 * connection with every subscription slot taken is refused before its input is parsed (floods are cheap to drop).
 * HTTP contexts were validated for this very request: null, they pass through.
 */
async function socketAuth(ctx: Context, type: ProcedureType): Promise<Pick<Context, 'session' | 'user'> | null> {
  const { connection } = ctx;
  if (!connection) return null;
  if (connection.isShutOut) throw SHUT_OUT_ERROR;
  if (type === 'subscription') connection.subscriptions.assertRoom();
  return connection.currentAuth();
}

/**
 * A call that failed because the database could not be reached answers 503 with a plain message (trpc/errors.ts),
 * over HTTP, REST and websockets alike; any other outcome passes as it is.
 */
function withOutageAnswer<R extends { ok: boolean; error?: unknown }>(result: R): R {
  if (!result.ok && (result.error as { code?: string }).code !== 'SERVICE_UNAVAILABLE') {
    const answer = unavailableOr(result.error);
    if (answer !== result.error) throw answer;
  }
  return result;
}

/**
 * Everything a call passes before its procedure: the websocket's fresh session, then no U+0000 in any input (see
 * nulCharacter.ts, checked on the raw input before any parser or service sees it). A failure that says the database
 * cannot be reached (the session re-read) is the same 503 as a procedure's. Returns the socket's auth, if any.
 */
async function passChecks(
  ctx: Context,
  type: ProcedureType,
  getRawInput: () => Promise<unknown>,
): Promise<Pick<Context, 'session' | 'user'> | null> {
  try {
    const auth = await socketAuth(ctx, type);
    refuseNul(await getRawInput());
    return auth;
  } catch (error) {
    throw unavailableOr(error);
  }
}

/**
 * One middleware per procedure kind rather than four levels, because each middleware tRPC runs copies the call's
 * options twice, which was the largest cost of a cheap call (issue 29 §3, decision 030). The outage answer covers the
 * procedure's own outcome.
 */
const publicGuard = t.middleware(async ({ ctx, type, getRawInput, next }) => {
  const auth = await passChecks(ctx, type, getRawInput);
  return withOutageAnswer(await (auth ? next({ ctx: auth }) : next()));
});

/** The same, for procedures that need a signed-in user who is not banned (its context says so by type). */
const authedGuard = t.middleware(async ({ ctx, type, getRawInput, next }) => {
  const signedIn = assertSignedIn((await passChecks(ctx, type, getRawInput)) ?? ctx);
  return withOutageAnswer(await next({ ctx: signedIn }));
});

export const publicProcedure = t.procedure.use(publicGuard);

export const authedProcedure = t.procedure.use(authedGuard);
