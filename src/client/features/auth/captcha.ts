import { CAPTCHA_REQUIRED } from '../../../shared/errors';
import { errorBodyOf } from '../../lib/errors';

/** The fields a solved challenge adds to a sign-in or registration (product.md §3, plus the proof of work). */
export interface CaptchaFields {
  captchaType: 'math';
  captchaToken: string;
  captchaAnswer: number;
  /** The number the browser found for the challenge's proof of work (powWorker.ts). */
  captchaProof: number;
}

/** product.md §9: pause between solving the captcha and resubmitting the form. */
export const CAPTCHA_RESUBMIT_MS = 100;

/** True when the server asks for the Security Verification panel. */
export function needsCaptcha(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { captchaRequired?: boolean } | undefined) : undefined;
  return errorBodyOf(error).message.includes(CAPTCHA_REQUIRED) || cause?.captchaRequired === true;
}

/** The typed answer as an integer, or null while it is not a whole number. */
export function parseCaptchaAnswer(text: string): number | null {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number.parseInt(trimmed, 10) : null;
}

/** The server's words around the marker (e.g. 'That answer was wrong...'), to show inside the panel. */
export function captchaHint(error: unknown): string {
  return errorBodyOf(error)
    .message.replace(CAPTCHA_REQUIRED, '')
    .replace(/^[\s:]+/, '')
    .trim();
}
