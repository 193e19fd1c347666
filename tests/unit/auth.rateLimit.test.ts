import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, type DbHandle } from '../../src/server/db/client';
import { signInAttempts } from '../../src/server/db/sqliteSchema';
import {
  SIGN_IN_POLICY,
  admitAttempt,
  markAttemptSucceeded,
  nextSignInCheck,
  type AttemptKind,
} from '../../src/server/modules/auth/rateLimit';

const T0 = Date.UTC(2025, 3, 1, 8, 0);
const MINUTE = 60_000;

let handle: DbHandle;
beforeEach(() => {
  handle = openSqlite(':memory:');
});
afterEach(() => handle.close());

const attempt = (email: string, ip: string, now = T0, kind: AttemptKind = 'sign-in') =>
  admitAttempt(handle.db, { kind, email, ip, now });
/** A finished failed attempt (rows start out as failures). */
const fail = (email: string, ip: string, now = T0, kind: AttemptKind = 'sign-in') => attempt(email, ip, now, kind);
const succeed = async (email: string, ip: string, now = T0, kind: AttemptKind = 'sign-in') =>
  markAttemptSucceeded(handle.db, (await attempt(email, ip, now, kind)).attemptId);
const check = (email: string, ip: string, now = T0) => nextSignInCheck(handle.db, { email, ip, now });
const TOO_MANY = expect.objectContaining({ code: 'TOO_MANY_REQUESTS' });

describe('captcha threshold', () => {
  it('is reached after three failures for one email, from any address', async () => {
    await fail('a@x.io', '1.1.1.1');
    await fail('a@x.io', '2.2.2.2');
    expect(await check('a@x.io', '9.9.9.9')).toBe('none');
    await fail('a@x.io', '3.3.3.3');
    expect(await check('a@x.io', '9.9.9.9')).toBe('standard');
    expect((await attempt('a@x.io', '4.4.4.4')).check).toBe('standard');
    expect((await attempt('b@x.io', '4.4.4.4')).check).toBe('none');
  });

  it('is reached after ten failures from one address, for any email', async () => {
    for (let i = 0; i < 9; i++) await fail(`u${i}@x.io`, '5.5.5.5');
    expect((await attempt('fresh@x.io', '5.5.5.5')).check).toBe('none');
    // That tenth attempt failed too.
    expect((await attempt('other@x.io', '5.5.5.5')).check).toBe('standard');
    expect((await attempt('other@x.io', '6.6.6.6')).check).toBe('none');
  });

  it("forgets an email's failures once the owner signs in", async () => {
    for (let i = 0; i < 3; i++) await fail('c@x.io', '7.7.7.7');
    await succeed('c@x.io', '7.7.7.8');
    expect((await attempt('c@x.io', '7.7.7.9')).check).toBe('none');
  });

  it('looks back 15 minutes only', async () => {
    for (let i = 0; i < 3; i++) await fail('d@x.io', '8.8.8.8', T0);
    expect((await attempt('d@x.io', '8.8.8.9', T0 + 15 * MINUTE - 1)).check).toBe('standard');
    expect((await attempt('d@x.io', '8.8.8.9', T0 + 30 * MINUTE)).check).toBe('none');
  });
});

describe('an email under attack', () => {
  it('is never refused: from ten failures on, its sign-ins need the strong check instead', async () => {
    for (let i = 0; i < 50; i++) await fail('victim@x.io', `20.0.${i >> 8}.${i & 255}`);
    expect(await check('victim@x.io', '20.1.0.1')).toBe('strong');
    const owner = await attempt('victim@x.io', '20.1.0.1');
    expect(owner.check).toBe('strong');
    await markAttemptSucceeded(handle.db, owner.attemptId);
    expect(await check('victim@x.io', '20.1.0.1')).toBe('none');
  });

  it('reaches the strong check at exactly ten failures', async () => {
    for (let i = 0; i < SIGN_IN_POLICY.strongCheckAfterEmailFailures - 1; i++) await fail('e@x.io', `21.0.0.${i}`);
    expect(await check('e@x.io', '21.0.1.1')).toBe('standard');
    await fail('e@x.io', '21.0.0.99');
    expect(await check('e@x.io', '21.0.1.1')).toBe('strong');
  });

  it('is not attacked by registrations with its address: they count for the address only', async () => {
    for (let i = 0; i < 15; i++) await fail('taken@x.io', `22.0.0.${i}`, T0, 'register');
    expect(await check('taken@x.io', '22.0.1.1')).toBe('none');
    // A registration never asks for more than its address's failures do.
    for (let i = 0; i < 5; i++) await fail('someone@x.io', '22.0.2.1', T0, 'sign-in');
    expect((await attempt('someone@x.io', '22.0.2.2', T0, 'register')).check).toBe('none');
  });
});

describe('limits per address', () => {
  it(`refuse the attempt after ${SIGN_IN_POLICY.maxFailuresPerIp} failures with 429 and record nothing`, async () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxFailuresPerIp; i++) await fail(`f${i}@x.io`, '11.0.0.1');
    await expect(attempt('new@x.io', '11.0.0.1')).rejects.toThrow(
      expect.objectContaining({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
      }),
    );
    await expect(attempt('new@x.io', '11.0.0.2')).resolves.toBeDefined();
    const [rows] = await handle.db.select({ n: count() }).from(signInAttempts).where(eq(signInAttempts.ip, '11.0.0.1'));
    expect(rows.n).toBe(SIGN_IN_POLICY.maxFailuresPerIp);
  });

  it(`refuse attempt ${SIGN_IN_POLICY.maxAttemptsPerIp + 1} even when every one succeeded`, async () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxAttemptsPerIp - 10; i++) await succeed(`s${i}@x.io`, '12.0.0.1');
    for (let i = 0; i < 10; i++) await succeed(`r${i}@x.io`, '12.0.0.1', T0, 'register');
    await expect(attempt('one-more@x.io', '12.0.0.1')).rejects.toThrow(
      expect.objectContaining({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many sign-ins and registrations from your network. Please wait 15 minutes and try again.',
      }),
    );
    await expect(attempt('one-more@x.io', '12.0.0.1', T0, 'register')).rejects.toThrow(TOO_MANY);
    await expect(attempt('one-more@x.io', '12.0.0.2')).resolves.toBeDefined();
  });

  it('hold under concurrent attempts: no more are admitted than the limit allows', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: SIGN_IN_POLICY.maxFailuresPerIp + 5 }, (_, i) => attempt(`c${i}@x.io`, '16.0.0.1')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(SIGN_IN_POLICY.maxFailuresPerIp);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(5);
  });

  it('let attempts in again once the oldest leave the window', async () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxAttemptsPerIp; i++)
      await succeed(`g${i}@x.io`, '13.0.0.1', T0 + (i % 10) * MINUTE);
    await expect(attempt('g@x.io', '13.0.0.1', T0 + 15 * MINUTE - 1)).rejects.toThrow(TOO_MANY);
    // The first ten (at T0) have left the window.
    await expect(attempt('g@x.io', '13.0.0.1', T0 + 15 * MINUTE)).resolves.toBeDefined();
  });
});

describe('the password form', () => {
  it(`answers 429 after ${SIGN_IN_POLICY.maxPasswordChangeFailures} wrong current passwords for the account`, async () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxPasswordChangeFailures; i++)
      await fail('p@x.io', `14.0.0.${i}`, T0, 'password-change');
    await expect(attempt('p@x.io', '14.0.1.1', T0, 'password-change')).rejects.toThrow(TOO_MANY);
    // Signing in is still possible (with the captcha the failures now ask for).
    expect((await attempt('p@x.io', '14.0.1.1')).check).toBe('strong');
  });

  it('is not blocked by failed sign-ins from outsiders', async () => {
    for (let i = 0; i < 15; i++) await fail('q@x.io', `15.0.0.${i}`);
    expect((await attempt('q@x.io', '15.0.1.1', T0, 'password-change')).check).toBe('none');
  });
});
