import { BANNED_MESSAGE } from '../../../shared/errors';
import { appError } from '../../trpc/errors';
import { publicProcedure, router } from '../../trpc/init';
import { toPublicUser } from './publicUser';

// Filled by the auth work: login, register, logout, profile, password, captcha.
export const authRouter = router({
  /** The signed-in user, or null when signed out (REST answers 401 instead). */
  user: publicProcedure.query(({ ctx }) => {
    if (ctx.user?.banned) throw appError('FORBIDDEN', BANNED_MESSAGE, { banned: true });
    return ctx.user ? toPublicUser(ctx.user) : null;
  }),
});
