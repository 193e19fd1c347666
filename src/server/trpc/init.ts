import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import { BANNED_MESSAGE } from '../../shared/errors';
import type { Context } from './context';
import { appError, toErrorResponse } from './errors';

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // tRPC clients receive the same error body as REST clients, under data.app.
  errorFormatter({ shape, error }) {
    const { body } = toErrorResponse(error);
    return { ...shape, message: body.message, data: { ...shape.data, stack: undefined, app: body } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
export const publicProcedure = t.procedure;

/** Signed-in, not banned. Banned users get 403 { banned: true } on every authenticated call. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw appError('UNAUTHORIZED', 'Unauthorized');
  if (ctx.user.banned) throw appError('FORBIDDEN', BANNED_MESSAGE, { banned: true });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});
