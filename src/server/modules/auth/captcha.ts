import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Math captcha tokens, stateless until they are spent.
 *
 * A token is `nonce.expiresAt.answerTag.signature`:
 * - answerTag = HMAC(secret, nonce + answer), so the answer travels with the token without being readable
 *   (answers are small numbers; without the secret they cannot be tried offline);
 * - signature = HMAC(secret, the first three parts), so no part can be changed.
 * Single use is enforced by the caller (usedCaptchaTokens.ts) with the nonce.
 */

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

export interface MathChallenge {
  token: string;
  question: string;
}

export type CaptchaCheck =
  | { ok: true; nonce: string; expiresAt: number }
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

/** A question with a small whole-number answer: an addition, or a subtraction that never goes below zero. */
export function createMathChallenge(secret: string, now: number, random: RandomInt = randomInt): MathChallenge {
  const a = random(1, 13);
  const b = random(1, 13);
  const subtract = random(0, 2) === 1;
  const [left, right] = subtract && b > a ? [b, a] : [a, b];
  const question = subtract ? `What is ${left} - ${right}?` : `What is ${left} + ${right}?`;
  const answer = subtract ? left - right : left + right;
  return { token: issueToken(secret, now, answer), question };
}

export function issueToken(secret: string, now: number, answer: number): string {
  const nonce = randomBytes(16).toString('base64url');
  const body = `${nonce}.${now + CAPTCHA_TTL_MS}.${answerTag(secret, nonce, answer)}`;
  return `${body}.${sign(secret, body)}`;
}

/** Checks that the token is ours, unchanged and not expired. Says nothing about the answer. */
export function checkToken(secret: string, token: string, now: number): CaptchaCheck {
  const parts = token.split('.');
  if (parts.length !== 4 || !/^\d{1,16}$/.test(parts[1])) return { ok: false, reason: 'malformed' };
  const [nonce, expires, , signature] = parts;
  if (!safeEqual(signature, sign(secret, parts.slice(0, 3).join('.')))) return { ok: false, reason: 'tampered' };
  const expiresAt = Number(expires);
  if (now >= expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, nonce, expiresAt };
}

/** Whether `answer` solves the (already checked) token's question. */
export function isRightAnswer(secret: string, token: string, answer: number): boolean {
  const [nonce, , tag] = token.split('.');
  return Number.isSafeInteger(answer) && safeEqual(tag ?? '', answerTag(secret, nonce, answer));
}
