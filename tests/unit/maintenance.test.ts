import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqlite, type DbHandle } from '../../src/server/db/client';
import { KEEP_SIGN_IN_ATTEMPTS_MS, runMaintenance, startMaintenance } from '../../src/server/maintenance';

const T0 = Date.UTC(2025, 3, 1, 8, 0);

let handle: DbHandle;
beforeEach(() => {
  handle = openSqlite(':memory:');
});
afterEach(() => {
  vi.useRealTimers();
  handle.close();
});

function insertAttempt(createdAt: number) {
  handle.sqlite
    .prepare(
      "insert into sign_in_attempts (kind, email, ip, succeeded, created_at) values ('sign-in', 'a@b.co', '1.1.1.1', 0, ?)",
    )
    .run(createdAt);
}
const attempts = () => (handle.sqlite.prepare('select count(*) as n from sign_in_attempts').get() as { n: number }).n;

describe('runMaintenance', () => {
  it('keeps sign-in attempts for a day, to the millisecond', () => {
    insertAttempt(T0 - KEEP_SIGN_IN_ATTEMPTS_MS);
    insertAttempt(T0 - KEEP_SIGN_IN_ATTEMPTS_MS + 1);
    expect(runMaintenance(handle.db, T0 + 1)).toEqual({
      expiredSessions: 0,
      oldSignInAttempts: 1,
      spentCaptchaTokens: 0,
    });
    expect(attempts()).toBe(1);
  });

  it('deletes spent captcha tokens once expired, never before', () => {
    handle.sqlite
      .prepare('insert into used_captcha_tokens (nonce, expires_at) values (?, ?), (?, ?)')
      .run('old', T0 - 1, 'live', T0 + 1);
    expect(runMaintenance(handle.db, T0).spentCaptchaTokens).toBe(1);
    expect(handle.sqlite.prepare('select nonce from used_captcha_tokens').all()).toEqual([{ nonce: 'live' }]);
  });
});

describe('startMaintenance', () => {
  it('runs at once and on every tick, and not after stop()', () => {
    vi.useFakeTimers();
    let now = T0;
    const maintenance = startMaintenance({ db: handle.db, now: () => now, log: pino({ level: 'silent' }) }, 1000);
    insertAttempt(T0 - 2 * KEEP_SIGN_IN_ATTEMPTS_MS);
    vi.advanceTimersByTime(1000);
    expect(attempts()).toBe(0);
    maintenance.stop();
    now += 1000;
    insertAttempt(T0 - 2 * KEEP_SIGN_IN_ATTEMPTS_MS);
    vi.advanceTimersByTime(10_000);
    expect(attempts()).toBe(1);
  });
});
