import { CAPTCHA_REQUIRED } from '../../../shared/errors';
import type { CaptchaVerdict } from './captchaVerifier';

/** What the account endpoints say. Captcha messages start with the marker the client looks for. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  emailCannotChange: 'Email cannot be changed',
  profileUpdated: 'Your profile has been updated successfully.',
  passwordChanged: 'Your password has been changed successfully.',
  currentPasswordWrong: 'Current password is incorrect',
  loggedOut: 'You have been successfully logged out.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  /** The per-address ceiling, which counts successful sign-ins and registrations too. */
  tooManyFromAddress: 'Too many sign-ins and registrations from your network. Please wait 15 minutes and try again.',
  captchaRequired: `${CAPTCHA_REQUIRED}: Please complete the security check`,
  /** The wrong password that made the captcha necessary: say both things at once. */
  captchaRequiredAfterFailure: `${CAPTCHA_REQUIRED}: Invalid email or password. Please complete the security check and try again.`,
} as const;

const CAPTCHA_HINTS: Record<Exclude<CaptchaVerdict, 'solved'>, string> = {
  wrong: 'That answer was wrong. Please solve the new question.',
  expired: 'The security question has expired. Please solve the new question.',
  used: 'That security question was already used. Please solve the new question.',
  malformed: 'The security check could not be read. Please solve the new question.',
  tampered: 'The security check could not be read. Please solve the new question.',
  unproven: 'Your browser did not finish the security check. Please wait for it to finish and try again.',
  'too-easy': 'This account needs a longer security check right now. Please solve the new question.',
};

export function captchaFailedMessage(verdict: Exclude<CaptchaVerdict, 'solved'>): string {
  return `${CAPTCHA_REQUIRED}: ${CAPTCHA_HINTS[verdict]}`;
}
