import { BANNED_MESSAGE } from '../../../shared/errors';
import type { ChangePasswordInput, LoginInput, ProfileInput, RegisterInput } from '../../../shared/schemas/auth';
import { PASSWORD_MESSAGES } from '../../../shared/schemas/password';
import { profileImageUrlProblem } from '../../../shared/schemas/profileImage';
import { USERNAME_MESSAGES } from '../../../shared/schemas/username';
import type { PublicUser } from '../../../shared/user';
import type { AppDeps } from '../../depsTypes';
import { appError } from '../../errors/appError';
import { createMathChallenge, type MathChallenge } from './captcha';
import { isCommonPassword } from './commonPasswords';
import { imageUrlPolicyFor } from './imageUrlPolicy';
import { AUTH_MESSAGES } from './messages';
import { toPublicUser } from './publicUser';
import { admitAttempt, markAttemptSucceeded, nextSignInCheck } from './rateLimit';
import { endSession, endUserSessions } from './sessionEnd';
import { guardAttempt, invalidCredentials, workFor } from './signInGuard';
import {
  EmailTakenError,
  findUserByEmail,
  findUserById,
  insertUser,
  normalizeEmail,
  updatePasswordHash,
  updateUserProfile,
  updateUsername,
  UsernameTakenError,
} from './users';

/** Account logic; the router only validates, calls one of these and writes the cookie. */

export type AuthDeps = Pick<AppDeps, 'db' | 'lucia' | 'secret' | 'now' | 'passwords' | 'bus'> & {
  config: Pick<AppDeps['config'], 'NODE_ENV' | 'ALLOWED_ORIGINS' | 'PUBLIC_URL'>;
};

/** Where a request came from, as far as the account rules care. */
export interface Caller {
  ip: string;
  /** The Host header the request named (see imageUrlPolicy.ts). */
  host: string;
}

/** A new password must not be one of the 10,000 most common; the length rule is the shared schema's. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw appError('BAD_REQUEST', PASSWORD_MESSAGES.tooCommon);
}

export interface SignedIn {
  user: PublicUser;
  /** The new session; the caller turns it into a cookie. */
  sessionId: string;
}

export async function login(deps: AuthDeps, input: LoginInput, ip: string): Promise<SignedIn> {
  const email = normalizeEmail(input.email);
  const attemptId = await guardAttempt(deps, { kind: 'sign-in', email, ip }, input);
  const user = await findUserByEmail(deps.db, email);
  const passwordOk = user
    ? await deps.passwords.verify(user.passwordHash, input.password)
    : await deps.passwords.verifyAgainstDummy(input.password);
  if (!user || !passwordOk) throw await invalidCredentials(deps, email, ip);
  await markAttemptSucceeded(deps.db, attemptId);
  // Only someone who knows the password learns about the ban, and gets no session.
  if (user.banned) throw appError('FORBIDDEN', BANNED_MESSAGE, { banned: true });
  const session = await deps.lucia.createSession(user.id, {});
  return { user: toPublicUser(user), sessionId: session.id };
}

export async function register(deps: AuthDeps, input: RegisterInput, ip: string): Promise<SignedIn> {
  const email = normalizeEmail(input.email);
  // Before the attempt is counted: choosing a password is not a guess at anyone's.
  refuseCommonPassword(input.password);
  // Recorded as a registration, so an existing email answers 409 without counting as a failed sign-in for it.
  const attemptId = await guardAttempt(deps, { kind: 'register', email, ip }, input);
  if (await findUserByEmail(deps.db, email)) throw appError('CONFLICT', AUTH_MESSAGES.emailTaken);
  const passwordHash = await deps.passwords.hash(input.password);
  let user;
  try {
    user = await insertUser(deps.db, {
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      createdAt: deps.now(),
    });
  } catch (error) {
    // Someone registered the same email while we were hashing.
    if (error instanceof EmailTakenError) throw appError('CONFLICT', AUTH_MESSAGES.emailTaken);
    throw error;
  }
  await markAttemptSucceeded(deps.db, attemptId);
  const session = await deps.lucia.createSession(user.id, {});
  return { user: toPublicUser(user), sessionId: session.id };
}

/** Ends the session when there is one (closing its sockets too); signing out twice is not an error. */
export async function logout(
  deps: AuthDeps,
  session: { id: string; userId: string } | null,
): Promise<{ message: string }> {
  if (session) await endSession(deps, session.id, session.userId);
  return { message: AUTH_MESSAGES.loggedOut };
}

export async function updateProfile(
  deps: AuthDeps,
  current: { id: string; email: string; username: string },
  input: ProfileInput & { email?: string },
  caller: Pick<Caller, 'host'>,
): Promise<{ message: string; user: PublicUser }> {
  // The form shows the email read-only; a different one in the body is refused rather than silently ignored.
  if (input.email !== undefined && normalizeEmail(input.email) !== current.email) {
    throw appError('BAD_REQUEST', AUTH_MESSAGES.emailCannotChange);
  }
  const imageProblem = profileImageUrlProblem(input.profileImageUrl ?? '', imageUrlPolicyFor(deps.config, caller.host));
  if (imageProblem) throw appError('BAD_REQUEST', `profileImageUrl: ${imageProblem}`);
  if (input.username !== undefined && input.username !== current.username)
    await changeUsername(deps, current.id, input.username);
  const updated = await updateUserProfile(deps.db, current.id, {
    firstName: input.firstName,
    lastName: input.lastName,
    profileImageUrl: input.profileImageUrl ? input.profileImageUrl : null,
  });
  if (!updated) throw appError('UNAUTHORIZED', 'Unauthorized');
  return { message: AUTH_MESSAGES.profileUpdated, user: toPublicUser(updated) };
}

/** A taken name is a 409 with words; the unique index decides between two people choosing it at once. */
async function changeUsername(deps: AuthDeps, userId: string, username: string): Promise<void> {
  try {
    await updateUsername(deps.db, userId, username);
  } catch (error) {
    if (error instanceof UsernameTakenError) throw appError('CONFLICT', `username: ${USERNAME_MESSAGES.taken}`);
    throw error;
  }
}

export async function changePassword(
  deps: AuthDeps,
  who: { userId: string; sessionId: string; ip: string },
  input: ChangePasswordInput,
): Promise<{ message: string }> {
  const user = await findUserById(deps.db, who.userId);
  if (!user) throw appError('UNAUTHORIZED', 'Unauthorized');
  // Before the attempt is counted: a refused new password is not a wrong current one.
  refuseCommonPassword(input.newPassword);
  // The current-password check is a password guess like a sign-in: same rate limit, and failures count
  // towards the sign-in captcha, so a stolen session cannot be used to try passwords at leisure.
  const { attemptId } = await admitAttempt(deps.db, {
    kind: 'password-change',
    email: user.email,
    ip: who.ip,
    now: deps.now(),
  });
  if (!(await deps.passwords.verify(user.passwordHash, input.currentPassword))) {
    throw appError('BAD_REQUEST', AUTH_MESSAGES.currentPasswordWrong);
  }
  await markAttemptSucceeded(deps.db, attemptId);
  await updatePasswordHash(deps.db, who.userId, await deps.passwords.hash(input.newPassword));
  // Whoever else holds a session (a stolen cookie, a forgotten laptop) is signed out.
  await endUserSessions(deps, who.userId, who.sessionId);
  return { message: AUTH_MESSAGES.passwordChanged };
}

/**
 * A fresh challenge. With the email the sign-in is for (optional), an email under attack gets the stronger proof
 * of work it will be asked for, so its owner solves one challenge rather than two.
 */
export async function captchaChallenge(
  deps: AuthDeps,
  caller: Pick<Caller, 'ip'>,
  email?: string,
): Promise<{ mathChallenge: MathChallenge }> {
  const now = deps.now();
  const level = email ? await nextSignInCheck(deps.db, { email: normalizeEmail(email), ip: caller.ip, now }) : 'none';
  const workMax = workFor(level === 'strong' ? 'strong' : 'standard');
  return { mathChallenge: createMathChallenge(deps.secret, now, { workMax }) };
}
