import type { SessionHint } from './routeAccess';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/**
 * Whether this browser was signed in when the sign-in check last answered. Public pages render before the check
 * answers; the hint only picks the likelier placeholder meanwhile (the 404 page or the home screen on an unknown
 * path, a dashboard spinner or the landing page on /). It grants nothing: the answer always decides.
 */
const KEY = STORAGE_KEYS.sessionHint;

export function readSessionHint(): SessionHint {
  return readStored(KEY) === 'signed-in' ? 'signed-in' : 'signed-out';
}

export function writeSessionHint(hint: SessionHint): void {
  if (readStored(KEY) !== hint) writeStored(KEY, hint);
}
