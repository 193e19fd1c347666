/**
 * Daily usage limits (product.md §9): the same for every user, counted per UTC day and reset at
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

/** How each limited feature is named on screens and in messages (product.md §2: the popup's unit labels). */
export const USAGE_FEATURES: Readonly<
  Record<UsageFeature, { label: string; unit: 'Messages' | 'Graphs' | 'Analyses'; noun: string }>
> = {
  chatMessages: { label: 'AI Chat Messages', unit: 'Messages', noun: 'chat messages' },
  graphGenerations: { label: 'Graph Generation', unit: 'Graphs', noun: 'graph generations' },
  portfolioAnalyses: { label: 'Portfolio Analysis', unit: 'Analyses', noun: 'portfolio analyses' },
};

/** The chat warns when this many of the day's messages are used (8 of 10). */
export const CHAT_WARNING_AT = DAILY_LIMITS.chatMessages - 2;

export const UPGRADE_MESSAGE =
  'Every account has the same daily limits; there are no paid plans. Your allowance resets at midnight UTC.';

/** "5 hours", "1 hour 20 minutes", "12 minutes", "less than a minute": the time left until `resetsAt`. */
export function formatResetsIn(resetsAt: string | number | Date, now: number): string {
  const ms = new Date(resetsAt).getTime() - now;
  if (!Number.isFinite(ms) || ms <= 0) return 'less than a minute';
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hours === 0) return plural(minutes, 'minute');
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}
