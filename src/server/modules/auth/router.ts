import { z } from 'zod';
import { BANNED_MESSAGE } from '../../../shared/errors';
import { changePasswordSchema, loginSchema, profileSchema, registerSchema } from '../../../shared/schemas/auth';
import { forgotPasswordSchema, resetPasswordSchema } from '../../../shared/schemas/account';
import { userText } from '../../../shared/schemas/text';
import { blankSessionCookie, sessionCookie, type Context } from '../../trpc/context';
import { appError } from '../../errors/appError';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import { requestResetByMail, resetByMailAvailable } from './forgotPassword';
import { resetPassword } from './passwordReset';
import { toPublicUser } from './publicUser';
import * as auth from './service';
import { endSession } from './sessionEnd';

/** The profile form's fields; an email may come along (it is only accepted when unchanged). */
const profileUpdateSchema = profileSchema.extend({ email: userText().max(254).optional() });

/** The email the challenge is for, when the form knows it (an email under attack gets a longer proof of work). */
const challengeInputSchema = z.object({ email: userText().max(254).optional() }).optional();

/** Swaps whatever session the browser had for the new one. */
async function startSession(ctx: Context, sessionId: string): Promise<void> {
  if (ctx.session) await endSession(ctx.deps, ctx.session.id, ctx.session.userId);
  ctx.cookies.set(sessionCookie(ctx.deps, sessionId, ctx.request.secure));
}

export const authRouter = router({
  /** The signed-in user, or null when signed out (REST answers 401 instead). */
  user: publicProcedure.query(({ ctx }) => {
    if (ctx.user?.banned) throw appError('FORBIDDEN', BANNED_MESSAGE, { banned: true });
    return ctx.user ? toPublicUser(ctx.user) : null;
  }),

  login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    const { user, sessionId } = await auth.login(ctx.deps, input, ctx.request.ip);
    await startSession(ctx, sessionId);
    return user;
  }),

  register: publicProcedure.input(registerSchema).mutation(async ({ ctx, input }) => {
    const { user, sessionId } = await auth.register(ctx.deps, input, ctx.request.ip);
    await startSession(ctx, sessionId);
    return user;
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    const result = await auth.logout(ctx.deps, ctx.session);
    ctx.cookies.set(blankSessionCookie(ctx.deps, ctx.request.secure));
    return result;
  }),

  updateProfile: authedProcedure
    .input(profileUpdateSchema)
    .mutation(({ ctx, input }) => auth.updateProfile(ctx.deps, ctx.user, input, ctx.request)),

  changePassword: authedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) =>
      auth.changePassword(ctx.deps, { userId: ctx.user.id, sessionId: ctx.session.id, ip: ctx.request.ip }, input),
    ),

  /** A new password through an operator-made one-time link; every session of the account ends. */
  resetPassword: publicProcedure
    .input(resetPasswordSchema)
    .mutation(({ ctx, input }) => resetPassword(ctx.deps, input, ctx.request.ip)),

  /** Whether "Forgot password?" can mail a link (SMTP_URL set), so /auth knows which form to show. */
  resetOptions: publicProcedure.query(({ ctx }) => resetByMailAvailable(ctx.deps)),

  /** A reset link by mail: the same answer whatever the address (modules/auth/forgotPassword.ts). */
  forgotPassword: publicProcedure
    .input(forgotPasswordSchema)
    .mutation(({ ctx, input }) => requestResetByMail(ctx.deps, input, ctx.request.ip)),

  captchaChallenge: publicProcedure
    .input(challengeInputSchema)
    .query(({ ctx, input }) => auth.captchaChallenge(ctx.deps, ctx.request, input?.email)),
});
