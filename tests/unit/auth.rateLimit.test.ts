import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import {
  SIGN_IN_POLICY,
  admitAttempt,
  captchaNowRequired,
  markAttemptSucceeded,
} from '../../src/server/modules/auth/rateLimit';

const T0 = Date.UTC(2025, 3, 1, 8, 0);
const MINUTE = 60_000;

let handle: DbHandle;
beforeEach(() => {
  handle = openDatabase(':memory:');
});
afterEach(() => handle.close());

const attempt = (email: string, ip: string, now = T0) => admitAttempt(handle.db, { email, ip, now });
/** A finished failed attempt (rows start out as failures). */
const fail = (email: string, ip: string, now = T0) => attempt(email, ip, now);
const succeed = (email: string, ip: string, now = T0) => markAttemptSucceeded(handle.db, attempt(email, ip, now).attemptId);

describe('captcha threshold', () => {
  it('is reached after three failures for one email, from any address', () => {
    fail('a@x.io', '1.1.1.1');
    fail('a@x.io', '2.2.2.2');
    expect(captchaNowRequired(handle.db, { email: 'a@x.io', ip: '9.9.9.9', now: T0 })).toBe(false);
    fail('a@x.io', '3.3.3.3');
    expect(captchaNowRequired(handle.db, { email: 'a@x.io', ip: '9.9.9.9', now: T0 })).toBe(true);
    expect(attempt('a@x.io', '4.4.4.4').captchaRequired).toBe(true);
    expect(attempt('b@x.io', '4.4.4.4').captchaRequired).toBe(false);
  });

  it('is reached after ten failures from one address, for any email', () => {
    for (let i = 0; i < 9; i++) fail(`u${i}@x.io`, '5.5.5.5');
    expect(attempt('fresh@x.io', '5.5.5.5').captchaRequired).toBe(false);
    // That tenth attempt failed too.
    expect(attempt('other@x.io', '5.5.5.5').captchaRequired).toBe(true);
    expect(attempt('other@x.io', '6.6.6.6').captchaRequired).toBe(false);
  });

  it('forgets an email\'s failures once the owner signs in', () => {
    for (let i = 0; i < 3; i++) fail('c@x.io', '7.7.7.7');
    succeed('c@x.io', '7.7.7.8');
    expect(attempt('c@x.io', '7.7.7.9').captchaRequired).toBe(false);
  });

  it('looks back 15 minutes only', () => {
    for (let i = 0; i < 3; i++) fail('d@x.io', '8.8.8.8', T0);
    expect(attempt('d@x.io', '8.8.8.9', T0 + 15 * MINUTE - 1).captchaRequired).toBe(true);
    expect(attempt('d@x.io', '8.8.8.9', T0 + 30 * MINUTE).captchaRequired).toBe(false);
  });
});

describe('rate limit', () => {
  it(`refuses attempt ${SIGN_IN_POLICY.maxFailuresPerEmail + 1} for one email with 429 and records nothing`, () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxFailuresPerEmail; i++) attempt('e@x.io', `10.0.0.${i}`);
    expect(() => attempt('e@x.io', '10.0.1.1')).toThrow(
      expect.objectContaining({ code: 'TOO_MANY_REQUESTS', message: 'Too many sign-in attempts. Please wait a few minutes and try again.' }),
    );
    const rows = handle.sqlite.prepare("select count(*) as n from sign_in_attempts where email = 'e@x.io'").get() as { n: number };
    expect(rows.n).toBe(SIGN_IN_POLICY.maxFailuresPerEmail);
  });

  it(`refuses attempts from one address after ${SIGN_IN_POLICY.maxFailuresPerIp} failures; successes do not count`, () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxFailuresPerIp * 2; i++) succeed(`s${i}@x.io`, '11.0.0.1');
    expect(() => attempt('ok@x.io', '11.0.0.1')).not.toThrow();
    for (let i = 0; i < SIGN_IN_POLICY.maxFailuresPerIp - 1; i++) fail(`f${i}@x.io`, '11.0.0.1');
    expect(() => attempt('new@x.io', '11.0.0.1')).toThrow(expect.objectContaining({ code: 'TOO_MANY_REQUESTS' }));
    expect(() => attempt('new@x.io', '11.0.0.2')).not.toThrow();
  });

  it('lets attempts in again once the oldest leave the window', () => {
    for (let i = 0; i < SIGN_IN_POLICY.maxFailuresPerEmail; i++) attempt('g@x.io', '12.0.0.1', T0 + i * MINUTE);
    expect(() => attempt('g@x.io', '12.0.0.2', T0 + 15 * MINUTE - 1)).toThrow();
    expect(() => attempt('g@x.io', '12.0.0.2', T0 + 15 * MINUTE)).not.toThrow();
  });
});
