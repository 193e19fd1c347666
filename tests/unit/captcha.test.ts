import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { solvePuzzle } from '../../src/shared/captcha/proofOfWork';
import { openSqlite, type DbHandle } from '../../src/server/db/client';
import {
  CAPTCHA_TTL_MS,
  CAPTCHA_WORK,
  checkToken,
  createMathChallenge,
  isRightAnswer,
  isRightProof,
  issueToken,
  puzzleFor,
} from '../../src/server/modules/auth/captcha';
import { verifyCaptcha } from '../../src/server/modules/auth/captchaVerifier';

const SECRET = 'unit-test-secret-unit-test-secret-000';
const T0 = Date.UTC(2025, 2, 1, 10, 0, 0);
/** Small puzzles keep these tests fast; the real size is measured in `npm run bench`. */
const SMALL = 2000;

/** A "random" source that plays back the given numbers. */
const script =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0;

function checked(token: string) {
  const check = checkToken(SECRET, token, T0);
  if (!check.ok) throw new Error(`token did not check: ${check.reason}`);
  return check;
}

describe('math challenge', () => {
  it('asks an addition with its answer sealed in the token', () => {
    const { question, token } = createMathChallenge(SECRET, T0, { random: script(7, 5, 0) });
    expect(question).toBe('What is 7 + 5?');
    expect(isRightAnswer(SECRET, token, 12)).toBe(true);
    expect(isRightAnswer(SECRET, token, 13)).toBe(false);
    // The answer is not one of the token's fields (random base64 may contain the digits "12" anywhere).
    expect(token.split('.')).not.toContain('12');
  });

  it('asks subtractions that never go below zero', () => {
    const { question, token } = createMathChallenge(SECRET, T0, { random: script(3, 9, 1) });
    expect(question).toBe('What is 9 - 3?');
    expect(isRightAnswer(SECRET, token, 6)).toBe(true);
  });

  it('gives a different token each time, even for the same question', () => {
    const a = createMathChallenge(SECRET, T0, { random: script(1, 1, 0) });
    const b = createMathChallenge(SECRET, T0, { random: script(1, 1, 0) });
    expect(a.token).not.toBe(b.token);
  });

  it('comes with a puzzle salted with its own nonce and sized by the token', () => {
    const { token, work } = createMathChallenge(SECRET, T0);
    expect(work.salt).toBe(token.split('.')[0]);
    expect(work.max).toBe(CAPTCHA_WORK.standard);
    expect(checked(token).workMax).toBe(CAPTCHA_WORK.standard);
    expect(work.target).toMatch(/^[0-9a-f]{64}$/);
    const strong = createMathChallenge(SECRET, T0, { workMax: CAPTCHA_WORK.strong });
    expect(strong.work.max).toBe(CAPTCHA_WORK.strong);
  });
});

describe('proof of work', () => {
  it('is found by the browser solver and checked by the server', () => {
    const { token, work } = createMathChallenge(SECRET, T0, { workMax: SMALL });
    const proof = solvePuzzle(work);
    expect(proof).not.toBeNull();
    expect(isRightProof(SECRET, checked(token), proof!)).toBe(true);
    expect(isRightProof(SECRET, checked(token), (proof! + 1) % SMALL)).toBe(false);
  });

  it('belongs to one token: a proof for another token fails', () => {
    const a = createMathChallenge(SECRET, T0, { workMax: SMALL });
    const proofA = solvePuzzle(a.work)!;
    // Another challenge whose number differs (small puzzles share theirs now and then by chance).
    let b = createMathChallenge(SECRET, T0, { workMax: SMALL });
    while (solvePuzzle(b.work) === proofA) b = createMathChallenge(SECRET, T0, { workMax: SMALL });
    expect(isRightProof(SECRET, checked(b.token), proofA)).toBe(false);
    expect(isRightProof(SECRET, checked(a.token), proofA)).toBe(true);
  });

  it('spreads its secret number over the whole range', () => {
    const numbers = Array.from({ length: 200 }, () => {
      const { token } = createMathChallenge(SECRET, T0, { workMax: 1000 });
      return solvePuzzle(puzzleFor(SECRET, checked(token)))!;
    });
    expect(Math.min(...numbers)).toBeLessThan(100);
    expect(Math.max(...numbers)).toBeGreaterThan(900);
  });
});

describe('token signature and expiry (fixed clock)', () => {
  it('is valid for exactly five minutes', () => {
    const token = issueToken(SECRET, T0, 4);
    expect(checkToken(SECRET, token, T0)).toMatchObject({ ok: true, expiresAt: T0 + CAPTCHA_TTL_MS });
    expect(checkToken(SECRET, token, T0 + CAPTCHA_TTL_MS - 1).ok).toBe(true);
    expect(checkToken(SECRET, token, T0 + CAPTCHA_TTL_MS)).toEqual({ ok: false, reason: 'expired' });
  });

  it('notices any change to any part, the work size included', () => {
    const token = issueToken(SECRET, T0, 4);
    const parts = token.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (let i = 0; i < parts.length; i++) {
      const changed = parts
        .map((p, j) => (j === i ? (i === 1 || i === 2 ? String(Number(p) + 1000) : flip(p)) : p))
        .join('.');
      expect(checkToken(SECRET, changed, T0), `part ${i}`).toEqual({ ok: false, reason: 'tampered' });
    }
    const easier = parts.map((p, j) => (j === 2 ? '1' : p)).join('.');
    expect(checkToken(SECRET, easier, T0)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('refuses tokens signed with another secret', () => {
    const token = issueToken('another-secret-another-secret-another', T0, 4);
    expect(checkToken(SECRET, token, T0)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('refuses shapes that are not tokens', () => {
    for (const junk of ['', 'abc', 'a.b.c', 'a.1.c.d', 'a.notanumber.5.c.d', 'a.1.0.c.d', 'a.1.x.c.d', 'a.1.5.c.d.e']) {
      expect(checkToken(SECRET, junk, T0), junk).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('does not let the answer tag move to another token', () => {
    const a = issueToken(SECRET, T0, 4).split('.');
    const b = issueToken(SECRET, T0, 9).split('.');
    const swapped = [a[0], a[1], a[2], b[3], a[4]].join('.');
    expect(checkToken(SECRET, swapped, T0)).toEqual({ ok: false, reason: 'tampered' });
  });
});

describe('verifyCaptcha', () => {
  let handle: DbHandle;
  beforeEach(() => {
    handle = openSqlite(':memory:');
  });
  afterEach(() => handle.close());

  /** A challenge whose answer is 8, with its proof found as the browser would. */
  function solvedChallenge(workMax = SMALL) {
    const token = issueToken(SECRET, T0, 8, workMax);
    return { token, proof: solvePuzzle(puzzleFor(SECRET, checked(token)))! };
  }
  const verify = (
    submission: { token: string; answer: number; proof: number | undefined },
    now = T0,
    minimumWork = SMALL,
  ) => verifyCaptcha(handle.db, SECRET, now, submission, minimumWork);

  it('accepts the right answer with the right proof once, then says "used"', async () => {
    const { token, proof } = solvedChallenge();
    expect(await verify({ token, answer: 8, proof }, T0 + 1000)).toBe('solved');
    expect(await verify({ token, answer: 8, proof }, T0 + 2000)).toBe('used');
  });

  it('lets only one of two simultaneous submissions of a token through', async () => {
    const { token, proof } = solvedChallenge();
    const verdicts = await Promise.all([verify({ token, answer: 8, proof }), verify({ token, answer: 8, proof })]);
    expect(verdicts.sort()).toEqual(['solved', 'used']);
  });

  it('looks at no answer without the proof, and does not spend the token for it', async () => {
    const { token, proof } = solvedChallenge();
    expect(await verify({ token, answer: 8, proof: undefined })).toBe('unproven');
    expect(await verify({ token, answer: 8, proof: (proof + 1) % SMALL })).toBe('unproven');
    expect(await verify({ token, answer: 8, proof })).toBe('solved');
  });

  it("refuses another token's proof", async () => {
    const a = solvedChallenge();
    let b = solvedChallenge();
    while (b.proof === a.proof) b = solvedChallenge();
    expect(await verify({ token: b.token, answer: 8, proof: a.proof })).toBe('unproven');
    expect(await verify({ token: b.token, answer: 8, proof: b.proof })).toBe('solved');
  });

  it('refuses a token with less work than the attempt needs, without spending it', async () => {
    const { token, proof } = solvedChallenge(SMALL);
    expect(await verify({ token, answer: 8, proof }, T0, SMALL * 4)).toBe('too-easy');
    expect(await verify({ token, answer: 8, proof }, T0, SMALL)).toBe('solved');
  });

  it('spends the token on a wrong answer too, so answers cannot be tried one by one', async () => {
    const { token, proof } = solvedChallenge();
    expect(await verify({ token, answer: 7, proof })).toBe('wrong');
    expect(await verify({ token, answer: 8, proof })).toBe('used');
  });

  it('reports expired and tampered tokens without spending them', async () => {
    const { token, proof } = solvedChallenge();
    expect(await verify({ token, answer: 8, proof }, T0 + CAPTCHA_TTL_MS)).toBe('expired');
    const tampered = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(await verify({ token: tampered, answer: 8, proof })).toBe('tampered');
    expect(await verify({ token, answer: 8, proof })).toBe('solved');
  });
});
