import {
  DAILY_LIMITS,
  formatResetsIn,
  nextUtcMidnight,
  UPGRADE_MESSAGE,
  USAGE_FEATURES,
  utcDay,
  type UsageCounts,
  type UsageFeature,
  type UsageStats,
} from '../../../shared/limits';
import type { UsageMeter } from '../../ai/usageCharge';
import type { AppDeps } from '../../depsTypes';
import { usageConsumed, usageRefunded, usageRefused } from '../../observability/metrics';
import { appError } from '../../trpc/errors';

/**
 * The one door to the daily limits (product.md §9). Every limited feature reserves a unit here before it does the
 * work and refunds it when the work fails, so a failure never costs the user anything and the limit holds however
 * many requests race: the reservation is a single SQL statement that only increments below the limit.
 */

export type UsageDeps = Pick<AppDeps, 'dbHandle' | 'now'>;

/** Where a feature stands for one user today; the numbers behind the RateLimit headers. */
export interface UsageStanding {
  feature: UsageFeature;
  used: number;
  limit: number;
  remaining: number;
  /** ISO 8601: the next midnight UTC. */
  resetsAt: string;
}

/** A unit taken from today's allowance. `refund()` gives it back (once; later calls do nothing). */
export interface UsageReservation extends UsageStanding {
  refund(): void;
}

const RESERVE_SQL = `
  INSERT INTO usage_counters (user_id, day, feature, used) VALUES (?, ?, ?, 1)
  ON CONFLICT (user_id, day, feature) DO UPDATE SET used = used + 1 WHERE used < ?
  RETURNING used`;
const REFUND_SQL = `UPDATE usage_counters SET used = used - 1 WHERE user_id = ? AND day = ? AND feature = ? AND used > 0`;
const READ_SQL = `SELECT feature, used FROM usage_counters WHERE user_id = ? AND day = ?`;

export function limitMessage(feature: UsageFeature, resetsAt: string, now: number): string {
  const limit = DAILY_LIMITS[feature];
  return `Daily limit reached: you have used all ${limit} ${USAGE_FEATURES[feature].noun} for today. Resets in ${formatResetsIn(resetsAt, now)}.`;
}

/**
 * The daily limits as the agent sees them (ai/usageCharge.ts): built once in the composition root as
 * AppDeps.usage, so the AI layer charges a tool's extra work without importing this module.
 */
export function createUsageMeter(deps: UsageDeps): UsageMeter<UsageReservation> {
  return { reserve: (userId, feature) => reserveUsage(deps, userId, feature) };
}

/**
 * Takes one unit of `feature` for today, or throws 429 with every field the client needs
 * ({ message, limitReached, remaining: 0, upgradeMessage, resetsAt, feature, used, limit }).
 */
export function reserveUsage(deps: UsageDeps, userId: string, feature: UsageFeature): UsageReservation {
  const now = deps.now();
  const day = utcDay(now);
  const limit = DAILY_LIMITS[feature];
  const resetsAt = nextUtcMidnight(now).toISOString();
  const row = deps.dbHandle.sqlite.prepare(RESERVE_SQL).get(userId, day, feature, limit) as
    { used: number } | undefined;
  if (!row) {
    usageRefused.inc({ feature });
    throw appError('TOO_MANY_REQUESTS', limitMessage(feature, resetsAt, now), {
      limitReached: true,
      remaining: 0,
      upgradeMessage: UPGRADE_MESSAGE,
      resetsAt,
      feature,
      used: limit,
      limit,
    });
  }
  usageConsumed.inc({ feature });
  let refunded = false;
  const reservation: UsageReservation = {
    feature,
    used: row.used,
    limit,
    remaining: Math.max(0, limit - row.used),
    resetsAt,
    refund() {
      if (refunded) return;
      refunded = true;
      // The day of the reservation, not of the refund: a call that fails just after midnight gives back yesterday's unit.
      deps.dbHandle.sqlite.prepare(REFUND_SQL).run(userId, day, feature);
      usageRefunded.inc({ feature });
      // The standing reported after the turn (an answer not understood is refunded but still delivered) counts it back.
      reservation.used = Math.max(0, reservation.used - 1);
      reservation.remaining = Math.min(limit, reservation.remaining + 1);
    },
  };
  return reservation;
}

/** Today's counters for one user. */
export function countToday(deps: UsageDeps, userId: string): UsageCounts {
  const counts: UsageCounts = { chatMessages: 0, graphGenerations: 0, portfolioAnalyses: 0 };
  const rows = deps.dbHandle.sqlite.prepare(READ_SQL).all(userId, utcDay(deps.now())) as {
    feature: string;
    used: number;
  }[];
  for (const { feature, used } of rows) if (feature in counts) counts[feature as UsageFeature] = used;
  return counts;
}

/** Where one feature stands today, without taking anything. */
export function usageStanding(deps: UsageDeps, userId: string, feature: UsageFeature): UsageStanding {
  const used = countToday(deps, userId)[feature];
  const limit = DAILY_LIMITS[feature];
  return {
    feature,
    used,
    limit,
    remaining: Math.max(0, limit - used),
    resetsAt: nextUtcMidnight(deps.now()).toISOString(),
  };
}

export function usageStats(deps: UsageDeps, userId: string): UsageStats {
  return {
    today: countToday(deps, userId),
    limits: { ...DAILY_LIMITS },
    resetsAt: nextUtcMidnight(deps.now()).toISOString(),
  };
}
