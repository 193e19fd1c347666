import { hash, verify } from '@node-rs/argon2';
import { createArgon2Pool, type Argon2Pool } from '../../crypto/argon2Pool';

/**
 * argon2id (the library's default algorithm) with OWASP's baseline parameters: 19 MiB, 2 passes, 1 lane.
 * About 60 ms per hash here, slow enough to hurt guessing and fast enough for a sign-in.
 */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/** Hashing and checking passwords; `deps.passwords`. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a stored hash that cannot be read (never throws on bad data). */
  verify(storedHash: string, password: string): Promise<boolean>;
  /**
   * Spends the same time as checking a real password, for sign-ins with an unknown email:
   * otherwise a fast "no" would tell an attacker which emails have accounts.
   */
  verifyAgainstDummy(password: string): Promise<false>;
  close(): Promise<void>;
}

interface Argon2Functions {
  hash(password: string, options: typeof ARGON2_OPTIONS): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
}

function hasherOver(argon2: Argon2Functions, close: () => Promise<void>): PasswordHasher {
  let dummyHash: Promise<string> | null = null;
  const check = async (storedHash: string, password: string) => {
    try {
      return await argon2.verify(storedHash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => argon2.hash(password, ARGON2_OPTIONS),
    verify: check,
    async verifyAgainstDummy(password) {
      dummyHash ??= argon2.hash('tickwise-dummy-password-for-timing', ARGON2_OPTIONS);
      await check(await dummyHash, password);
      return false;
    },
    close,
  };
}

/** The server's hasher: argon2 on worker threads of its own (see crypto/argon2Pool.ts). */
export function createPasswordHasher(pool: Argon2Pool = createArgon2Pool()): PasswordHasher {
  return hasherOver(pool, () => pool.close());
}

/**
 * argon2's async functions on libuv's shared thread pool: how hashing ran before the worker threads. Kept only so
 * `npm run bench` can show the difference on the same build; the server never uses it.
 */
export function createLibuvPasswordHasher(): PasswordHasher {
  return hasherOver({ hash, verify }, () => Promise.resolve());
}
