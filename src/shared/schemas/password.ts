import { z } from 'zod';
import { isWellFormedText, MALFORMED_TEXT_MESSAGE } from './text';

/**
 * The one rule for a new password, at registration and on the password form: at least 6 characters
 * (product.md §5) and, checked on the server only (the list stays out of the browser bundle), not one of the
 * 10,000 most common passwords. Passwords are not NFC-normalized: existing hashes were made from the raw text.
 */
export const PASSWORD_MIN_LENGTH = 6;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: 'Password is too long',
  tooCommon: 'This password is too common. Please choose a less common one.',
} as const;

/** A new password; `requiredMessage` is said when it is missing or empty (registration: 'Password is required'). */
export function newPasswordSchema(requiredMessage: string = PASSWORD_MESSAGES.tooShort) {
  return z
    .string({ error: requiredMessage })
    .min(1, { message: requiredMessage, abort: true })
    .refine(isWellFormedText, { message: MALFORMED_TEXT_MESSAGE, abort: true })
    .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
    .max(1024, PASSWORD_MESSAGES.tooLong);
}
