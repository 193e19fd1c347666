/**
 * Daily usage limits (SPEC section 9): the same for every user, counted per UTC day and reset at
 * midnight UTC. The one place these numbers live; the server enforces them, the client displays them.
 */

export const DAILY_LIMITS = {
  chatMessages: 10,
  graphGenerations: 5,
  portfolioAnalyses: 2,
} as const;

export type UsageFeature = keyof typeof DAILY_LIMITS;
export type UsageCounts = Record<UsageFeature, number>;

/** Answer of usage.stats and GET /api/usage-stats. */
export interface UsageStats {
  today: UsageCounts;
  limits: UsageCounts;
  /** ISO 8601 time of the next reset (the next midnight UTC). */
  resetsAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The usage day a moment belongs to, as 'YYYY-MM-DD' in UTC. */
export function utcDay(now: number | Date): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The first midnight UTC strictly after `now` (at exactly midnight, the following one). */
export function nextUtcMidnight(now: number | Date): Date {
  const ms = typeof now === 'number' ? now : now.getTime();
  return new Date(Math.floor(ms / DAY_MS) * DAY_MS + DAY_MS);
}
