import { solvePuzzle, type WorkPuzzle } from '../../src/shared/captcha/proofOfWork';
import { ApiClient } from '../helpers/http';

/**
 * Helpers shared by the account API tests. The servers run with TRUST_PROXY=true so each simulated
 * browser can come from its own address (X-Forwarded-For); that keeps the per-address sign-in limits
 * of one test from leaking into the next.
 */

let addressCounter = 0;
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}.${process.pid}.${emailCounter}@example.com`;
}

/** One browser tab at its own IP address. */
export class Browser extends ApiClient {
  constructor(
    baseUrl: string,
    readonly ip: string = nextAddress(),
    origin: string | null = baseUrl,
  ) {
    super(baseUrl, origin);
  }

  override request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.request(method, path, body, { 'x-forwarded-for': this.ip, ...headers });
  }
}

export const PASSWORD = 'correct horse 42';

export function registerBody(email: string, extra: Record<string, unknown> = {}) {
  return {
    email,
    password: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    agreedToTerms: true,
    agreedToPrivacy: true,
    ...extra,
  };
}

/** Registers (and thereby signs in) a fresh account; fails the test loudly when that does not work. */
export async function signUp(browser: Browser, email = uniqueEmail(), extra: Record<string, unknown> = {}) {
  const res = await browser.post('/api/auth/register', registerBody(email, extra));
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { email, user: res.json, res };
}

/** Reads "What is 7 + 5?" / "What is 9 - 4?" and answers it, as a person would. */
export function solve(question: string): number {
  const match = /^What is (\d+) ([+-]) (\d+)\?$/.exec(question);
  if (!match) throw new Error(`unexpected captcha question: ${question}`);
  const [, a, op, b] = match;
  return op === '+' ? Number(a) + Number(b) : Number(a) - Number(b);
}

export interface Challenge {
  token: string;
  question: string;
  work: WorkPuzzle;
}

/** A fresh challenge; with `email`, the one a sign-in for that email needs (longer work when it is under attack). */
export async function fetchChallenge(browser: Browser, email?: string): Promise<Challenge> {
  const query = email ? `?email=${encodeURIComponent(email)}` : '';
  const res = await browser.get(`/api/security/captcha-challenge${query}`);
  if (res.status !== 200) throw new Error(`captcha challenge failed: ${res.status}`);
  return res.json.mathChallenge;
}

/** The proof of work, found with the code the browser's worker runs. */
export function proveWork(challenge: Challenge): number {
  const proof = solvePuzzle(challenge.work);
  if (proof === null) throw new Error('the challenge has no solution');
  return proof;
}

/** The captcha fields a person with a browser sends: the right answer and the proof (either can be overridden). */
export function solvedCaptcha(challenge: Challenge, override: { answer?: number; proof?: number } = {}) {
  return {
    captchaType: 'math',
    captchaToken: challenge.token,
    captchaAnswer: override.answer ?? solve(challenge.question),
    captchaProof: override.proof ?? proveWork(challenge),
  };
}

/** Fetches a challenge and solves it: the whole Security Verification panel in one call. */
export async function passCaptcha(browser: Browser, email?: string) {
  return solvedCaptcha(await fetchChallenge(browser, email));
}

/** The session cookie ("name=value") out of a response, to replay it later like a stolen or old cookie. */
export function sessionCookieOf(headers: Headers): string {
  const line = headers.getSetCookie().find((l) => l.startsWith('tickwise_session='));
  if (!line) throw new Error('no session cookie in the response');
  return line.split(';')[0];
}
