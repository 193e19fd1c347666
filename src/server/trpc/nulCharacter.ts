import { appError } from '../errors/appError';

export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';

/**
 * True when a string anywhere in `value` holds U+0000. PostgreSQL's text type cannot store it (SQLite could), so
 * every engine refuses it up front with a 400 rather than one of them failing with a 500 halfway through a write.
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/** Throws the 400 when the input holds a NUL character. */
export function refuseNul(value: unknown): void {
  if (containsNul(value)) throw appError('BAD_REQUEST', NUL_MESSAGE);
}
