import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createArgon2Pool } from '../../src/server/crypto/argon2Pool';
import { isCommonPassword } from '../../src/server/modules/auth/commonPasswords';
import {
  createLibuvPasswordHasher,
  createPasswordHasher,
  type PasswordHasher,
} from '../../src/server/modules/auth/passwords';
import { randomUsername } from '../../src/server/modules/auth/username';
import { USERNAME_MESSAGES, usernameSchema } from '../../src/shared/schemas/username';

const passwords = createPasswordHasher();
afterAll(() => passwords.close());

describe('passwords', () => {
  it('hashes with argon2id (19 MiB, 2 passes, 1 lane) and a fresh salt', async () => {
    const a = await passwords.hash('open sesame');
    const b = await passwords.hash('open sesame');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await passwords.verify(a, 'open sesame')).toBe(true);
    expect(await passwords.verify(a, 'open sesame ')).toBe(false);
  });

  it('answers false for an unreadable stored hash instead of throwing', async () => {
    expect(await passwords.verify('not-a-hash', 'x')).toBe(false);
  });

  it('the dummy check takes the time of a real one and always says no', async () => {
    expect(await passwords.verifyAgainstDummy('tickwise-dummy-password-for-timing')).toBe(false);
  });

  it('hashes made on the worker threads and on libuv are the same kind', async () => {
    const libuv = createLibuvPasswordHasher();
    expect(await libuv.verify(await passwords.hash('same rules'), 'same rules')).toBe(true);
    expect(await passwords.verify(await libuv.hash('same rules'), 'same rules')).toBe(true);
  });
});

describe('hashing threads', () => {
  /** Starts eight hashes, then reads a file: how many hashes were done by the time the read was? */
  async function hashesDoneBeforeRead(hasher: PasswordHasher): Promise<number> {
    let done = 0;
    let doneAtRead = -1;
    const hashes = Array.from({ length: 8 }, (_, i) => hasher.hash(`loop ${i}`).then(() => (done += 1)));
    const read = readFile(new URL(import.meta.url)).then(() => (doneAtRead = done));
    await Promise.all([...hashes, read]);
    return doneAtRead;
  }

  it("leave the libuv pool (which reads files) free, unlike argon2's async functions", async () => {
    // On libuv's four threads the read queues behind the eight hashes: it starts only once the last one has a
    // thread, that is after at least four finished.
    expect(await hashesDoneBeforeRead(createLibuvPasswordHasher())).toBeGreaterThanOrEqual(4);
    // On the worker threads nothing stands in its way (a margin for a busy machine: fewer than four).
    expect(await hashesDoneBeforeRead(passwords)).toBeLessThan(4);
  });

  it('run at most `size` hashes at once; the rest wait their turn', async () => {
    const pool = createArgon2Pool(2);
    try {
      const options = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 };
      const all = Array.from({ length: 5 }, (_, i) => pool.hash(`p${i}`, options));
      expect(pool.queued).toBe(3);
      expect(await Promise.all(all)).toHaveLength(5);
      expect(pool.queued).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('refuse work once closed instead of hanging', async () => {
    const pool = createArgon2Pool(1);
    await pool.close();
    await expect(pool.verify('x', 'y')).rejects.toThrow(/closed/);
  });
});

describe('common passwords', () => {
  it('knows the 10,000 most common, in any case, and nothing past them', () => {
    for (const common of ['123456', 'password', 'Password', 'QWERTY', 'iloveyou', 'letmein', 'trustno1']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    for (const rare of ['correct horse 42', 'first-secret-1', 'brand new secret', '']) {
      expect(isCommonPassword(rare), rare).toBe(false);
    }
  });
});

describe('usernames', () => {
  it('are random words and digits, never taken from the email, and end in a letter', () => {
    expect(randomUsername(() => 0)).toBe('investor-0000a');
    expect(randomUsername((max) => max - 1)).toBe('planner-9999z');
    const drawn = new Set(Array.from({ length: 200 }, () => randomUsername()));
    expect(drawn.size).toBeGreaterThan(195);
    for (const name of drawn) expect(name).toMatch(/^[a-z]+-\d{4}[a-z]$/);
  });

  it('chosen ones: 3-24 letters, digits and . _ -, lower-cased, with a message for each rule', () => {
    expect(usernameSchema.parse('  Ada.Lovelace_1 ')).toBe('ada.lovelace_1');
    const problem = (name: string) => usernameSchema.safeParse(name).error?.issues[0].message;
    expect(problem('ab')).toBe(USERNAME_MESSAGES.tooShort);
    expect(problem('a'.repeat(25))).toBe(USERNAME_MESSAGES.tooLong);
    for (const bad of ['ann@x.io', 'ann lee', '.ann', 'ann-', 'änn', '<b>x</b>'])
      expect(problem(bad), bad).toBe(USERNAME_MESSAGES.characters);
  });
});
