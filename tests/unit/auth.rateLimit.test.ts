import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, type DbHandle } from '../../src/server/db/client';
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
const succeed = (email: string, ip: string, now = T0, kind: AttemptKind = 'sign-in') =>
  markAttemptSucceeded(handle.db, attempt(email, ip, now, kind).attemptId);
const check = (email: string, ip: string, now = T0) => nextSignInCheck(handle.db, { email, ip, now });
const TOO_MANY = expect.objectContaining({ code: 'TOO_MANY_REQUESTS' });

describe('captcha threshold', () => {
  it('is reached after three failures for one email, from any address', () => {
    fail('a@x.io', '1.1.1.1');
    fail('a@x.io', '2.2.2.2');
    expect(check('a@x.io', '9.9.9.9')).toBe('none');
    fail('a@x.io', '3.3.3.3');
    expect(check('a@x.io', '9.9.9.9')).toBe('standard');
    expect(attempt('a@x.io', '4.4.4.4').check).toBe('standard');
    expect(attempt('b@x.io', '4.4.4.4').check).toBe('none');
  });

  it('is reached after ten failures from one address, for any email', () => {
    for (let i = 0; i < 9; i++) fail(`u${i}@x.io`, '5.5.5.5');
    expect(attempt('fresh@x.io', '5.5.5.5').check).toBe('none');
    // That tenth attempt failed too.
    expect(attempt('other@x.io', '5.5.5.5').check).toBe('standard');
    expect(attempt('other@x.io', '6.6.6.6').check).toBe('none');
  });

  it("forgets an email's failures once the owner signs in", () => {
    for (let i = 0; i < 3; i++) fail('c@x.io', '7.7.7.7');
    succeed('c@x.io', '7.7.7.8');
    expect(attempt('c@x.io', '7.7.7.9').check).toBe('none');
  });

  it('looks back 15 minutes only', () => {
    for (let i = 0; i < 3; i++) fail('d@x.io', '8.8.8.8', T0);
    expect(attempt('d@x.io', '8.8.8.9', T0 + 15 * MINUTE - 1).check).toBe('standard');
    expect(attempt('d@x.io', '8.8.8.9', T0 + 30 * MINUTE).check).toBe('none');
  });
});

describe('an email under attack', () => {
  it('is never refused: from ten failures on, its sign-ins need the strong check instead', () => {
    for (let i = 0; i < 50; i++) fail('victim@x.io', `20.0.${i >> 8}.${i & 255}`);
    expect(check('victim@x.io', '20.1.0.1')).toBe('strong');
    const owner = attempt('victim@x.io', '20.1.0.1');
    expect(owner.check).toBe('strong');
    markAttemptSucceeded(handle.db, owner.attemptId);
    expect(check('victim@x.io', '20.1.0.1')).toBe('none');
  });

  it('reaches the strong check at exactly ten failures', () => {
    for (let i = 0; i < SIGN_IN_POLICY.strongCheckAfterEmailFailures - 1; i++) fail('e@x.io', `21.0.0.${i}`);
    expect(check('e@x.io', '21.0.1.1')).toBe('standard');
    fail('e@x.io', '21.0.0.99');
    expect(check('e@x.io', '21.0.1.1')).toBe('strong');
  });

  it('is not attacked by registrations with its address: they count for the address only', () => {
    for (let i = 0; i < 15; i++) fail('taken@x.io', `22.0.0.${i}`, T0, 'register');
    expect(check('taken@x.io', '22.0.1.1')).toBe('none');
    // A registration never asks for more than its address's failures do.
    for (let i = 0; i < 5; i++) fail('someone@x.io', '22.0.2.1', T0, 'sign-in');
    expect(attempt('someone@x.io', '22.0.2.2', T0, 'register').check).toBe('none');
  });
});

describe('limits per address', () => {
  it(`refuse the attempt after ${SIGN_IN_POLICY.maxFailuresPerIp} failures with 429 and record nothing`, () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxFailuresPerIp; i++) fail(`f${i}@x.io`, '11.0.0.1');
    expect(() => attempt('new@x.io', '11.0.0.1')).toThrow(
      expect.objectContaining({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
      }),
    );
    expect(() => attempt('new@x.io', '11.0.0.2')).not.toThrow();
    const rows = handle.sqlite.prepare("select count(*) as n from sign_in_attempts where ip = '11.0.0.1'").get() as {
      n: number;
    };
    expect(rows.n).toBe(SIGN_IN_POLICY.maxFailuresPerIp);
  });

  it(`refuse attempt ${SIGN_IN_POLICY.maxAttemptsPerIp + 1} even when every one succeeded`, () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxAttemptsPerIp - 10; i++) succeed(`s${i}@x.io`, '12.0.0.1');
    for (let i = 0; i < 10; i++) succeed(`r${i}@x.io`, '12.0.0.1', T0, 'register');
    expect(() => attempt('one-more@x.io', '12.0.0.1')).toThrow(
      expect.objectContaining({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many sign-ins and registrations from your network. Please wait 15 minutes and try again.',
      }),
    );
    expect(() => attempt('one-more@x.io', '12.0.0.1', T0, 'register')).toThrow(TOO_MANY);
    expect(() => attempt('one-more@x.io', '12.0.0.2')).not.toThrow();
  });

  it('let attempts in again once the oldest leave the window', () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxAttemptsPerIp; i++) succeed(`g${i}@x.io`, '13.0.0.1', T0 + (i % 10) * MINUTE);
    expect(() => attempt('g@x.io', '13.0.0.1', T0 + 15 * MINUTE - 1)).toThrow(TOO_MANY);
    // The first ten (at T0) have left the window.
    expect(() => attempt('g@x.io', '13.0.0.1', T0 + 15 * MINUTE)).not.toThrow();
  });
});

describe('the password form', () => {
  it(`answers 429 after ${SIGN_IN_POLICY.maxPasswordChangeFailures} wrong current passwords for the account`, () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxPasswordChangeFailures; i++)
      fail('p@x.io', `14.0.0.${i}`, T0, 'password-change');
    expect(() => attempt('p@x.io', '14.0.1.1', T0, 'password-change')).toThrow(TOO_MANY);
    // Signing in is still possible (with the captcha the failures now ask for).
    expect(attempt('p@x.io', '14.0.1.1').check).toBe('strong');
  });

  it('is not blocked by failed sign-ins from outsiders', () => {
    for (let i = 0; i < 15; i++) fail('q@x.io', `15.0.0.${i}`);
    expect(attempt('q@x.io', '15.0.1.1', T0, 'password-change').check).toBe('none');
  });
});
