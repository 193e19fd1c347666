import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../src/server/modules/auth/passwords';
import { firstFreeUsername, usernameBase } from '../../src/server/modules/auth/username';

describe('passwords', () => {
  it('hashes with argon2id (19 MiB, 2 passes, 1 lane) and a fresh salt', async () => {
    const a = await hashPassword('open sesame');
    const b = await hashPassword('open sesame');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'open sesame')).toBe(true);
    expect(await verifyPassword(a, 'open sesame ')).toBe(false);
  });

  it('answers false for an unreadable stored hash instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('the dummy check takes the time of a real one and always says no', async () => {
    expect(await verifyAgainstDummy('tickwise-dummy-password-for-timing')).toBe(false);
  });
});

describe('usernames', () => {
  it('come from the email local part, readable and safe', () => {
    expect(usernameBase('Grace.Hopper@navy.mil')).toBe('grace.hopper');
    expect(usernameBase('ann+news@x.io')).toBe('ann');
    expect(usernameBase('"weird name!"@x.io')).toBe('weirdname');
    expect(usernameBase('..__@x.io')).toBe('user');
    expect(usernameBase(`${'a'.repeat(40)}@x.io`)).toHaveLength(24);
  });

  it('get the smallest free number when taken', () => {
    expect(firstFreeUsername('ann', new Set())).toBe('ann');
    expect(firstFreeUsername('ann', new Set(['ann']))).toBe('ann2');
    expect(firstFreeUsername('ann', new Set(['ann', 'ann2', 'ann3', 'anna']))).toBe('ann4');
  });
});
