import type { z } from 'zod';
import type { captchaFieldsSchema } from '../../../shared/schemas/auth';
import type { Db } from '../../db/client';
import { appError } from '../../errors/appError';
import { CAPTCHA_WORK } from './captcha';
import { verifyCaptcha } from './captchaVerifier';
import { captchaFailedMessage, AUTH_MESSAGES } from './messages';
import { admitAttempt, nextSignInCheck, type AttemptKind, type CheckLevel } from './rateLimit';

/** The optional captcha fields that ride along with sign-in and registration. */
export type CaptchaFields = z.infer<typeof captchaFieldsSchema>;

export interface GuardDeps {
  db: Db;
  secret: string;
  now: () => number;
}

/** The smallest proof of work each level accepts. */
export function workFor(level: Exclude<CheckLevel, 'none'>): number {
  return level === 'strong' ? CAPTCHA_WORK.strong : CAPTCHA_WORK.standard;
}

/**
 * The door every sign-in and registration goes through before any password is looked at:
 * rate limit (429), then the captcha (with its proof of work) when earlier failures ask for one.
 * Returns the recorded attempt's id, to be marked a success when the attempt ends well.
 */
export async function guardAttempt(
  deps: GuardDeps,
  attempt: { kind: Exclude<AttemptKind, 'password-change'>; email: string; ip: string },
  captcha: CaptchaFields,
): Promise<number> {
  const now = deps.now();
  const ticket = await admitAttempt(deps.db, { ...attempt, now });
  if (ticket.check === 'none') return ticket.attemptId;
  if (captcha.captchaType !== 'math' || !captcha.captchaToken || captcha.captchaAnswer === undefined) {
    throw appError('BAD_REQUEST', AUTH_MESSAGES.captchaRequired);
  }
  const verdict = await verifyCaptcha(
    deps.db,
    deps.secret,
    now,
    { token: captcha.captchaToken, answer: captcha.captchaAnswer, proof: captcha.captchaProof },
    workFor(ticket.check),
  );
  if (verdict !== 'solved') throw appError('BAD_REQUEST', captchaFailedMessage(verdict));
  return ticket.attemptId;
}

/**
 * The answer to a wrong email/password. When this very failure made the captcha necessary, say so now,
 * so the client opens the security check instead of letting the user type the password once more for nothing.
 */
export async function invalidCredentials(deps: GuardDeps, email: string, ip: string) {
  return (await nextSignInCheck(deps.db, { email, ip, now: deps.now() })) !== 'none'
    ? appError('BAD_REQUEST', AUTH_MESSAGES.captchaRequiredAfterFailure)
    : appError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
}
