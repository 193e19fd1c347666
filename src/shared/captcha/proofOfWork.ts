import { sha256Into } from './sha256';

/**
 * The captcha's proof of work. The server picks a secret number n below `max` and publishes
 * target = SHA-256(`${salt}:${n}`); the browser finds n by trying 0, 1, 2, ... The salt is the challenge token's
 * nonce, so a number found for one token is worthless for any other. The cost is uniform between nothing and
 * `max` hashes (half of it on average): a bounded wait for people, a real bill for anyone solving thousands.
 */
export interface WorkPuzzle {
  /** The challenge token's nonce. */
  salt: string;
  /** Hex SHA-256 of `${salt}:${n}`. */
  target: string;
  /** n is below this; the token signs it, so it cannot be lowered. */
  max: number;
}

/** What is hashed for candidate n. The server builds the same string. */
export function workInput(salt: string, n: number): string {
  return `${salt}:${n}`;
}

export interface SolveOptions {
  /** Called every `progressEvery` candidates with the share of the range searched so far (0..1). */
  onProgress?: (searched: number) => void;
  progressEvery?: number;
}

const HEX = /^[0-9a-f]{64}$/;

/**
 * Finds the secret number by brute force, synchronously (run it in a Web Worker in the browser). Returns null when
 * no number below `max` matches, which only happens for a puzzle that is not ours.
 */
export function solvePuzzle(puzzle: WorkPuzzle, options: SolveOptions = {}): number | null {
  const { onProgress, progressEvery = 65_536 } = options;
  if (!HEX.test(puzzle.target) || !/^[\x21-\x7e]{1,64}$/.test(puzzle.salt)) return null;
  const target = new Int32Array(8);
  for (let i = 0; i < 8; i++) target[i] = Number.parseInt(puzzle.target.slice(i * 8, i * 8 + 8), 16) | 0;

  // The message is the salt, a colon and the decimal digits of n, kept as bytes and incremented in place.
  const prefixLength = puzzle.salt.length + 1;
  const message = new Uint8Array(prefixLength + 16);
  for (let i = 0; i < puzzle.salt.length; i++) message[i] = puzzle.salt.charCodeAt(i);
  message[prefixLength - 1] = 0x3a; // ':'
  message[prefixLength] = 0x30; // n = 0
  let length = prefixLength + 1;
  const digest = new Int32Array(8);

  for (let n = 0; n < puzzle.max; n++) {
    sha256Into(message, length, digest);
    if (
      digest[0] === target[0] &&
      digest[1] === target[1] &&
      digest[2] === target[2] &&
      digest[3] === target[3] &&
      digest[4] === target[4] &&
      digest[5] === target[5] &&
      digest[6] === target[6] &&
      digest[7] === target[7]
    ) {
      return n;
    }
    length = incrementDecimal(message, prefixLength, length);
    if (onProgress && n % progressEvery === progressEvery - 1) onProgress((n + 1) / puzzle.max);
  }
  return null;
}

/** Adds one to the decimal number stored in message[start..length); returns the new length. */
function incrementDecimal(message: Uint8Array, start: number, length: number): number {
  for (let i = length - 1; i >= start; i--) {
    if (message[i] !== 0x39) {
      message[i] += 1;
      return length;
    }
    message[i] = 0x30;
  }
  // All nines: 999 -> 1000.
  message[start] = 0x31;
  message[length] = 0x30;
  return length + 1;
}
