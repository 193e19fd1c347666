import { randomBytes } from 'node:crypto';

/** 24 random bytes: 192 bits, 32 URL-safe characters. Far past guessing, short enough to paste. */
const LINK_BYTES = 24;
export const SHARE_LINK_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export function newShareableLink(): string {
  return randomBytes(LINK_BYTES).toString('base64url');
}

/**
 * What to look up for a link as received. A malformed link is still looked up (as a value no stored link can
 * equal, of the same length), so it costs the same as an unknown one and the two cannot be told apart by timing.
 */
export function lookupKeyOf(link: string): string {
  return SHARE_LINK_PATTERN.test(link) ? link : '!'.repeat(32);
}
