import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with OWASP's baseline parameters: 19 MiB, 2 passes, 1 lane.
 * About 60 ms per hash here, slow enough to hurt guessing and fast enough for a sign-in.
 */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a stored hash that cannot be read (never throws on bad data). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as checking a real password, for sign-ins with an unknown email:
 * otherwise a fast "no" would tell an attacker which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('tickwise-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
