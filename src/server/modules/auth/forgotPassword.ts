import { FORGOT_PASSWORD_SENT, RESET_LINK_MINUTES, type ForgotPasswordInput } from '../../../shared/schemas/account';
import { sha256Hex } from '../../crypto/sha256';
import type { AppDeps } from '../../depsTypes';
import { appError } from '../../errors/appError';
import { buildMailBodies } from '../../outbound/mailBody';
import { issueResetToken } from './passwordReset';
import { normalizeEmail } from './users';

/**
 * "Forgot password?" by mail (issue 30 §3), when SMTP_URL is set: `POST /api/auth/forgot-password {email}` answers
 * 202 with the same words whatever the address, and the reset link (the operator command's, `passwordReset.ts`) goes
 * to the account's own address. Nothing in the answer tells whether the address has an account: the lookup, the token
 * and the mail all happen after the answer, on the mail queue, so its timing says nothing either. Limited per network
 * address and per e-mail (a mailbox must not be flooded from many addresses), both counted across instances.
 */

export const FORGOT_ATTEMPTS = {
  windowMs: 60 * 60_000,
  /** Someone who lost a password asks once or twice; a script testing addresses gets a handful. */
  perAddress: 10,
  /** Mails to one address in the window: enough for a lost first mail, not a flood. */
  perEmail: 3,
} as const;

export const FORGOT_MESSAGES = {
  unavailable: 'This Tickwise has no mail server, so it cannot email a reset link. Ask the person who runs it.',
  tooManyFromAddress: 'Too many reset requests from your network. Please wait an hour and try again.',
  tooManyForEmail: 'Too many reset links were asked for this email. Please wait an hour and try again.',
} as const;

type Deps = Pick<AppDeps, 'db' | 'now' | 'mail' | 'config' | 'log' | 'notifications' | 'passwordResetBudgets'>;

/** Whether "Forgot password?" can send a link (the /auth form asks before it shows the email field). */
export function resetByMailAvailable(deps: Pick<AppDeps, 'mail'>): { byMail: boolean } {
  return { byMail: deps.mail !== null };
}

export async function requestResetByMail(
  deps: Deps,
  input: ForgotPasswordInput,
  ip: string,
): Promise<{ message: string }> {
  const mail = deps.mail;
  if (!mail) throw appError('PRECONDITION_FAILED', FORGOT_MESSAGES.unavailable);
  if (!(await deps.passwordResetBudgets.forgotPerAddress.take(ip)))
    throw appError('TOO_MANY_REQUESTS', FORGOT_MESSAGES.tooManyFromAddress);
  const email = normalizeEmail(input.email);
  // The limiter's key is the address's digest: the shared rate-limit table holds no e-mail addresses.
  if (!(await deps.passwordResetBudgets.forgotPerEmail.take(sha256Hex(email))))
    throw appError('TOO_MANY_REQUESTS', FORGOT_MESSAGES.tooManyForEmail);
  const origin = deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;
  let issued: Awaited<ReturnType<typeof issueResetToken>> | undefined;
  const queued = deps.notifications.mailQueue.enqueue({
    label: 'password reset mail',
    attempt: async () => {
      // Issued on the first attempt only: a retry after a refused delivery sends the same link.
      issued ??= await issueResetToken(deps.db, email, deps.now());
      if (!issued) return { kind: 'done' };
      return mail.send(issued.user.email, resetMail(`${origin}/auth/reset?token=${issued.token}`));
    },
    onGiveUp: (reason) => deps.log.warn({ reason }, 'password reset e-mail not delivered'),
  });
  // A full queue (the mail server down for long) drops the request; the answer stays the same, as it must.
  if (!queued) deps.log.warn('password reset e-mail dropped: the mail queue is full');
  return { message: FORGOT_PASSWORD_SENT };
}

function resetMail(link: string) {
  return buildMailBodies({
    subject: 'Reset your Tickwise password',
    paragraphs: [
      'Someone (we hope you) asked to reset the password of the Tickwise account that uses this email.',
      `The link below works once, for ${RESET_LINK_MINUTES} minutes. Using it signs every device out of your account.`,
      'If you did not ask for it, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: link },
    footer: 'You get this e-mail because a password reset was asked for on Tickwise.',
  });
}
