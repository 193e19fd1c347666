import type { DeleteAccountInput } from '../../../shared/schemas/account';
import { appError } from '../../errors/appError';
import { admitAttempt, markAttemptSucceeded } from '../auth/rateLimit';
import type { AuthDeps } from '../auth/service';
import { endUserSessions } from '../auth/sessionEnd';
import { deleteUser, findUserById } from '../auth/users';

export const ACCOUNT_MESSAGES = {
  passwordWrong: 'Password is incorrect',
  deleted: 'Your account and everything in it have been deleted.',
} as const;

/**
 * Deletes the signed-in account after checking its password. The check is a password guess like a sign-in (the
 * same rate limit and failure count), so a stolen session cannot try passwords at leisure. Every session ends
 * first, which also closes the account's websockets, then the rows go.
 */
export async function deleteAccount(deps: AuthDeps, who: { userId: string; ip: string }, input: DeleteAccountInput) {
  const user = await findUserById(deps.db, who.userId);
  if (!user) throw appError('UNAUTHORIZED', 'Unauthorized');
  const { attemptId } = await admitAttempt(deps.db, {
    kind: 'password-change',
    email: user.email,
    ip: who.ip,
    now: deps.now(),
  });
  if (!(await deps.passwords.verify(user.passwordHash, input.password))) {
    throw appError('BAD_REQUEST', ACCOUNT_MESSAGES.passwordWrong);
  }
  await markAttemptSucceeded(deps.db, attemptId);
  await endUserSessions(deps, user.id);
  await deleteUser(deps.db, user);
  return { message: ACCOUNT_MESSAGES.deleted };
}
