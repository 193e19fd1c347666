import { z } from 'zod';

/** An unpaired UTF-16 surrogate: stored lossily by SQLite's UTF-8, so its length changes on the next read. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const MALFORMED_TEXT_MESSAGE = 'Text contains characters that cannot be stored';

export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * The base of every schema for text a user types: refuses lone surrogates and normalizes to NFC, so the
 * length rules chained after it count what is stored. Chain further rules as on z.string():
 * `userText().trim().min(1, '...').max(100, '...')`. `requiredMessage` is said when the value is missing or not
 * a string at all (as `z.string({ error })` would).
 */
export function userText(requiredMessage?: string) {
  return z
    .string(requiredMessage === undefined ? undefined : { error: requiredMessage })
    .refine(isWellFormedText, { message: MALFORMED_TEXT_MESSAGE })
    .normalize('NFC');
}
