/** The one shape every error leaves the server in (REST bodies and tRPC error data alike). */
export interface ErrorBody {
  message: string;
  banned?: boolean;
  limitReached?: boolean;
  upgradeMessage?: string;
  remaining?: number;
  /** With limitReached: when the daily counters reset (ISO 8601, the next midnight UTC). */
  resetsAt?: string;
  /** With limitReached: which daily limit stopped the call, and how much of it is used. */
  feature?: 'chatMessages' | 'graphGenerations' | 'portfolioAnalyses';
  used?: number;
  limit?: number;
}

/** Extra fields an error may carry besides its message. */
export type ErrorExtras = Omit<ErrorBody, 'message'>;

/** Marker in login/register error messages that tells the client to show the captcha panel. */
export const CAPTCHA_REQUIRED = 'CAPTCHA_REQUIRED';

export const BANNED_MESSAGE =
  'Your account has been suspended. If you believe this is an error, please contact our support team.';
