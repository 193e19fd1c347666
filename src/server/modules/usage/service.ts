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
import { and, eq, gt, sql } from 'drizzle-orm';
import type { UsageMeter } from '../../ai/usageCharge';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import type { AppDeps } from '../../depsTypes';
import { usageConsumed, usageRefunded, usageRefused } from '../../observability/metrics';
import { appError } from '../../errors/appError';

/**
 * The one door to the daily limits (product.md §9). Every limited feature reserves a unit here before it does the
 * work and refunds it when the work fails, so a failure never costs the user anything and the limit holds however
 * many requests race: the reservation is a single SQL statement that only increments below the limit.
 */

export type UsageDeps = Pick<AppDeps, 'db' | 'now'>;

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
  refund(): Promise<void>;
}

export function limitMessage(feature: UsageFeature, resetsAt: string, now: number): string {
  const limit = DAILY_LIMITS[feature];
  return `Daily limit reached: you have used all ${limit} ${USAGE_FEATURES[feature].noun} for today. Resets in ${formatResetsIn(resetsAt, now)}.`;
}

/**
 * The daily limits as the agent sees them (ai/usageCharge.ts): built once in the composition root as
 * AppDeps.usage, so the AI layer charges a tool's extra work without importing this module.
 */
export function createUsageMeter(deps: Pick<AppDeps, 'dbHandle' | 'now'>): UsageMeter<UsageReservation> {
  const usage: UsageDeps = { db: deps.dbHandle.db, now: deps.now };
  return { reserve: (userId, feature) => reserveUsage(usage, userId, feature) };
}

/**
 * Takes one unit of `feature` for today, or throws 429 with every field the client needs
 * ({ message, limitReached, remaining: 0, upgradeMessage, resetsAt, feature, used, limit }).
 */
export async function reserveUsage(deps: UsageDeps, userId: string, feature: UsageFeature): Promise<UsageReservation> {
  const { usageCounters } = tablesOf(deps.db);
  const now = deps.now();
  const day = utcDay(now);
  const limit = DAILY_LIMITS[feature];
  const resetsAt = nextUtcMidnight(now).toISOString();
  // One statement: the increment only happens below the limit, and no row comes back at the limit, on either engine
  // and however many server instances race for the last unit.
  const row = await first(
    deps.db
      .insert(usageCounters)
      .values({ userId, day, feature, used: 1 })
      .onConflictDoUpdate({
        target: [usageCounters.userId, usageCounters.day, usageCounters.feature],
        set: { used: sql`${usageCounters.used} + 1` },
        setWhere: sql`${usageCounters.used} < ${limit}`,
      })
      .returning({ used: usageCounters.used }),
  );
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
    async refund() {
      const { usageCounters } = tablesOf(deps.db);
      if (refunded) return;
      refunded = true;
      // The standing reported after the turn (an answer not understood is refunded but still delivered) counts it
      // back; adjusted before the write so a caller that does not await the refund still reports it.
      reservation.used = Math.max(0, reservation.used - 1);
      reservation.remaining = Math.min(limit, reservation.remaining + 1);
      // The day of the reservation, not of the refund: a call that fails just after midnight gives back yesterday's unit.
      await deps.db
        .update(usageCounters)
        .set({ used: sql`${usageCounters.used} - 1` })
        .where(
          and(
            eq(usageCounters.userId, userId),
            eq(usageCounters.day, day),
            eq(usageCounters.feature, feature),
            gt(usageCounters.used, 0),
          ),
        );
      usageRefunded.inc({ feature });
    },
  };
  return reservation;
}

/** Today's counters for one user. */
export async function countToday(deps: UsageDeps, userId: string): Promise<UsageCounts> {
  const { usageCounters } = tablesOf(deps.db);
  const counts: UsageCounts = { chatMessages: 0, graphGenerations: 0, portfolioAnalyses: 0 };
  const rows = await deps.db
    .select({ feature: usageCounters.feature, used: usageCounters.used })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.day, utcDay(deps.now()))));
  for (const { feature, used } of rows) if (feature in counts) counts[feature as UsageFeature] = used;
  return counts;
}

/** Where one feature stands today, without taking anything. */
export async function usageStanding(deps: UsageDeps, userId: string, feature: UsageFeature): Promise<UsageStanding> {
  const used = (await countToday(deps, userId))[feature];
  const limit = DAILY_LIMITS[feature];
  return {
    feature,
    used,
    limit,
    remaining: Math.max(0, limit - used),
    resetsAt: nextUtcMidnight(deps.now()).toISOString(),
  };
}

export async function usageStats(deps: UsageDeps, userId: string): Promise<UsageStats> {
  return {
    today: await countToday(deps, userId),
    limits: { ...DAILY_LIMITS },
    resetsAt: nextUtcMidnight(deps.now()).toISOString(),
  };
}
