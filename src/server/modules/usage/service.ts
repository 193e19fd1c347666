import { DAILY_LIMITS, nextUtcMidnight, type UsageCounts, type UsageStats } from '../../../shared/limits';
import type { AppDeps } from '../../deps';

export type UsageDeps = Pick<AppDeps, 'db' | 'now'>;

/**
 * Today's counters for one user. Nothing is counted yet: chat, graph generation and portfolio analysis
 * add their counting when they arrive, and then read it here.
 */
export function countToday(_deps: UsageDeps, _userId: string): UsageCounts {
  return { chatMessages: 0, graphGenerations: 0, portfolioAnalyses: 0 };
}

export function usageStats(deps: UsageDeps, userId: string): UsageStats {
  return {
    today: countToday(deps, userId),
    limits: { ...DAILY_LIMITS },
    resetsAt: nextUtcMidnight(deps.now()).toISOString(),
  };
}
