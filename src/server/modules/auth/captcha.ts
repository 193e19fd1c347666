import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { workInput, type WorkPuzzle } from '../../../shared/captcha/proofOfWork';

/**
 * Math captcha tokens with a proof of work, stateless until they are spent.
 *
 * A token is `nonce.expiresAt.workMax.answerTag.signature`:
 * - answerTag = HMAC(secret, nonce + answer), so the answer travels with the token without being readable
 *   (answers are small numbers; without the secret they cannot be tried offline);
 * - workMax bounds the proof-of-work puzzle (see shared/captcha/proofOfWork.ts). Its secret number is
 *   HMAC(secret, nonce) mod workMax, so the server recomputes it instead of storing it, and the puzzle's salt is
 *   the nonce, so a proof belongs to exactly one token;
 * - signature = HMAC(secret, the first four parts), so no part can be changed (nor the work made smaller).
 * Single use is enforced by the caller (captchaVerifier.ts) with the nonce.
 */

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/**
 * How many SHA-256 candidates the browser may have to try: uniform between none and this many, half on
 * average. Plain JavaScript does ~1.6 million a second on one core of the reference machine, so the standard
 * check costs ~0.45 s on average and under 1 s always (figures in `npm run bench`); an email under attack asks
 * for four times as much.
 */
export const CAPTCHA_WORK = {
  standard: 1_500_000,
  strong: 6_000_000,
} as const;

export interface MathChallenge {
  token: string;
  question: string;
  /** The proof of work the browser solves before the answer is accepted. */
  work: WorkPuzzle;
}

export type CaptchaCheck =
  | { ok: true; nonce: string; expiresAt: number; workMax: number }
  | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

export type RandomInt = (minInclusive: number, maxExclusive: number) => number;

function hmac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

function answerTag(secret: string, nonce: string, answer: number): string {
  return hmac(secret, `captcha-answer:${nonce}:${answer}`).subarray(0, 16).toString('base64url');
}

function sign(secret: string, body: string): string {
  return hmac(secret, `captcha-token:${body}`).toString('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The puzzle's secret number: derived from the nonce with the secret, so nothing needs storing. */
function workNumber(secret: string, nonce: string, workMax: number): number {
  return hmac(secret, `captcha-work:${nonce}`).readUIntBE(0, 6) % workMax;
}

export interface ChallengeOptions {
  random?: RandomInt;
  workMax?: number;
}

/** A question with a small whole-number answer (an addition, or a subtraction that never goes below zero) and its puzzle. */
export function createMathChallenge(secret: string, now: number, options: ChallengeOptions = {}): MathChallenge {
  const { random = randomInt, workMax = CAPTCHA_WORK.standard } = options;
  const a = random(1, 13);
  const b = random(1, 13);
  const subtract = random(0, 2) === 1;
  const [left, right] = subtract && b > a ? [b, a] : [a, b];
  const question = subtract ? `What is ${left} - ${right}?` : `What is ${left} + ${right}?`;
  const answer = subtract ? left - right : left + right;
  const token = issueToken(secret, now, answer, workMax);
  const check = checkToken(secret, token, now);
  if (!check.ok) throw new Error('a fresh captcha token did not check');
  return { token, question, work: puzzleFor(secret, check) };
}

export function issueToken(
  secret: string,
  now: number,
  answer: number,
  workMax: number = CAPTCHA_WORK.standard,
): string {
  const nonce = randomBytes(16).toString('base64url');
  const body = `${nonce}.${now + CAPTCHA_TTL_MS}.${workMax}.${answerTag(secret, nonce, answer)}`;
  return `${body}.${sign(secret, body)}`;
}

/** What the browser is given to solve for a checked token. */
export function puzzleFor(secret: string, check: { nonce: string; workMax: number }): WorkPuzzle {
  const n = workNumber(secret, check.nonce, check.workMax);
  const target = createHash('sha256').update(workInput(check.nonce, n)).digest('hex');
  return { salt: check.nonce, target, max: check.workMax };
}

/** Checks that the token is ours, unchanged and not expired. Says nothing about the answer or the proof. */
export function checkToken(secret: string, token: string, now: number): CaptchaCheck {
  const parts = token.split('.');
  if (parts.length !== 5 || !/^\d{1,16}$/.test(parts[1]) || !/^[1-9]\d{0,9}$/.test(parts[2])) {
    return { ok: false, reason: 'malformed' };
  }
  const [nonce, expires, work, , signature] = parts;
  if (!safeEqual(signature, sign(secret, parts.slice(0, 4).join('.')))) return { ok: false, reason: 'tampered' };
  const expiresAt = Number(expires);
  if (now >= expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, nonce, expiresAt, workMax: Number(work) };
}

/** Whether `proof` is the (already checked) token's secret number. */
export function isRightProof(secret: string, check: { nonce: string; workMax: number }, proof: number): boolean {
  return Number.isSafeInteger(proof) && proof === workNumber(secret, check.nonce, check.workMax);
}

/** Whether `answer` solves the (already checked) token's question. */
export function isRightAnswer(secret: string, token: string, answer: number): boolean {
  const [nonce, , , tag] = token.split('.');
  return Number.isSafeInteger(answer) && safeEqual(tag ?? '', answerTag(secret, nonce, answer));
}
