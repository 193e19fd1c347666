import { deleteAccountSchema } from '../../../shared/schemas/account';
import { blankSessionCookie } from '../../trpc/context';
import { appError } from '../../errors/appError';
import { authedProcedure, router } from '../../trpc/init';
import { deleteAccount } from './deleteAccount';
import { exportAccount } from './exportData';

/** The account as a whole: download everything, or delete everything. Always the signed-in user's own. */
export const accountRouter = router({
  export: authedProcedure.query(async ({ ctx }) => {
    const data = await exportAccount(ctx.deps.db, ctx.user.id, ctx.deps.now());
    if (!data) throw appError('UNAUTHORIZED', 'Unauthorized');
    return data;
  }),

  delete: authedProcedure.input(deleteAccountSchema).mutation(async ({ ctx, input }) => {
    const result = await deleteAccount(ctx.deps, { userId: ctx.user.id, ip: ctx.request.ip }, input);
    ctx.cookies.set(blankSessionCookie(ctx.deps, ctx.request.secure));
    return result;
  }),
});
