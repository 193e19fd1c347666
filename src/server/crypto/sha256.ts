import { createHash } from 'node:crypto';

/** Lower-case hex SHA-256 of a text (UTF-8): how secrets that must be looked up are kept (session ids, link secrets). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * What the `sessions` table and the bus hold for a session: the SHA-256 of its id. The id itself lives only in the
 * browser's cookie, so neither a read of the table, a log line nor a LISTEN on the bus yields a usable session.
 */
export const sessionIdHash = sha256Hex;
