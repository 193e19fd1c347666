import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import { CAPTCHA_TTL_MS, checkToken, createMathChallenge, isRightAnswer, issueToken } from '../../src/server/modules/auth/captcha';
import { verifyCaptcha } from '../../src/server/modules/auth/captchaVerifier';

const SECRET = 'unit-test-secret-unit-test-secret-000';
const T0 = Date.UTC(2025, 2, 1, 10, 0, 0);

/** A "random" source that plays back the given numbers. */
const script = (...values: number[]) => () => values.shift() ?? 0;

describe('math challenge', () => {
  it('asks an addition with its answer sealed in the token', () => {
    const { question, token } = createMathChallenge(SECRET, T0, script(7, 5, 0));
    expect(question).toBe('What is 7 + 5?');
    expect(isRightAnswer(SECRET, token, 12)).toBe(true);
    expect(isRightAnswer(SECRET, token, 13)).toBe(false);
    expect(token).not.toContain('12');
  });

  it('asks subtractions that never go below zero', () => {
    const { question, token } = createMathChallenge(SECRET, T0, script(3, 9, 1));
    expect(question).toBe('What is 9 - 3?');
    expect(isRightAnswer(SECRET, token, 6)).toBe(true);
  });

  it('gives a different token each time, even for the same question', () => {
    const a = createMathChallenge(SECRET, T0, script(1, 1, 0));
    const b = createMathChallenge(SECRET, T0, script(1, 1, 0));
    expect(a.token).not.toBe(b.token);
  });
});

describe('token signature and expiry (fixed clock)', () => {
  it('is valid for exactly five minutes', () => {
    const token = issueToken(SECRET, T0, 4);
    expect(checkToken(SECRET, token, T0)).toMatchObject({ ok: true, expiresAt: T0 + CAPTCHA_TTL_MS });
    expect(checkToken(SECRET, token, T0 + CAPTCHA_TTL_MS - 1).ok).toBe(true);
    expect(checkToken(SECRET, token, T0 + CAPTCHA_TTL_MS)).toEqual({ ok: false, reason: 'expired' });
  });

  it('notices any change to any part', () => {
    const token = issueToken(SECRET, T0, 4);
    const parts = token.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (let i = 0; i < parts.length; i++) {
      const changed = parts.map((p, j) => (j === i ? (i === 1 ? String(Number(p) + 1000) : flip(p)) : p)).join('.');
      expect(checkToken(SECRET, changed, T0), `part ${i}`).toEqual({ ok: false, reason: 'tampered' });
    }
  });

  it('refuses tokens signed with another secret', () => {
    const token = issueToken('another-secret-another-secret-another', T0, 4);
    expect(checkToken(SECRET, token, T0)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('refuses shapes that are not tokens', () => {
    for (const junk of ['', 'abc', 'a.b.c', 'a.notanumber.c.d', 'a.1.c.d.e']) {
      expect(checkToken(SECRET, junk, T0), junk).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('does not let the answer tag move to another token', () => {
    const a = issueToken(SECRET, T0, 4).split('.');
    const b = issueToken(SECRET, T0, 9).split('.');
    const swapped = [a[0], a[1], b[2], a[3]].join('.');
    expect(checkToken(SECRET, swapped, T0)).toEqual({ ok: false, reason: 'tampered' });
  });
});

describe('verifyCaptcha: single use', () => {
  let handle: DbHandle;
  beforeEach(() => {
    handle = openDatabase(':memory:');
  });
  afterEach(() => handle.close());

  it('accepts the right answer once, then says "used"', () => {
    const token = issueToken(SECRET, T0, 8);
    expect(verifyCaptcha(handle.db, SECRET, T0 + 1000, { token, answer: 8 })).toBe('solved');
    expect(verifyCaptcha(handle.db, SECRET, T0 + 2000, { token, answer: 8 })).toBe('used');
  });

  it('spends the token on a wrong answer too, so answers cannot be tried one by one', () => {
    const token = issueToken(SECRET, T0, 8);
    expect(verifyCaptcha(handle.db, SECRET, T0, { token, answer: 7 })).toBe('wrong');
    expect(verifyCaptcha(handle.db, SECRET, T0, { token, answer: 8 })).toBe('used');
  });

  it('reports expired and tampered tokens without spending them', () => {
    const token = issueToken(SECRET, T0, 8);
    expect(verifyCaptcha(handle.db, SECRET, T0 + CAPTCHA_TTL_MS, { token, answer: 8 })).toBe('expired');
    expect(verifyCaptcha(handle.db, SECRET, T0, { token: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), answer: 8 })).toBe('tampered');
    expect(verifyCaptcha(handle.db, SECRET, T0, { token, answer: 8 })).toBe('solved');
  });

  it('forgets spent tokens once they have expired, keeping the table small', () => {
    const old = issueToken(SECRET, T0, 1);
    verifyCaptcha(handle.db, SECRET, T0, { token: old, answer: 1 });
    const count = () => (handle.sqlite.prepare('select count(*) as n from used_captcha_tokens').get() as { n: number }).n;
    expect(count()).toBe(1);
    const later = T0 + CAPTCHA_TTL_MS + 1;
    verifyCaptcha(handle.db, SECRET, later, { token: issueToken(SECRET, later, 2), answer: 2 });
    expect(count()).toBe(1);
  });
});
