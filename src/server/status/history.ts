import { and, gte, lt, sql } from 'drizzle-orm';
import type { Db, DbHandle } from '../db/client';
import { statusChecks, statusDays } from '../db/schema';
import type { ServiceStatus } from '../../shared/status/types';
import { STATUS_HISTORY_DAYS } from '../../shared/status/rules';
import { DAY_MS, RollupAccumulator, utcDayStart, type DayTotals, type Rollups } from './rollup';

export interface CheckRecord {
  service: string;
  status: ServiceStatus;
  latencyMs: number;
  detail: string | null;
  checkedAt: number;
}

/** The first moment still kept: the start of the oldest of the 90 UTC days ending today. */
export function retentionStart(now: number): number {
  return utcDayStart(now) - (STATUS_HISTORY_DAYS - 1) * DAY_MS;
}

/**
 * The status tables: every check (status_checks) and each service's roll-up per UTC day (status_days), which is
 * recomputed from the day's checks whenever the day gets new ones, so the two never disagree.
 */
export class StatusHistory {
  private readonly db: Db;
  private readonly readChecks;

  constructor(handle: DbHandle) {
    this.db = handle.db;
    // Raw and streamed: a day holds up to 7,200 checks, folded without building them as objects first.
    this.readChecks = handle.sqlite
      .prepare(
        'select service, status, checked_at from status_checks where checked_at >= ? and checked_at < ? order by service, checked_at',
      )
      .raw(true);
  }

  /** Stores a round's checks and rewrites the roll-up of the day they fall on; one transaction. */
  record(checks: readonly CheckRecord[]): void {
    if (checks.length === 0) return;
    this.db.transaction((tx) => {
      tx.insert(statusChecks)
        .values([...checks])
        .run();
      const days = new Set(checks.map((c) => utcDayStart(c.checkedAt)));
      for (const day of days) {
        for (const [service, totals] of this.foldChecks(day, day + DAY_MS)) {
          const row = { service, day, ...totals.get(day)! };
          tx.insert(statusDays)
            .values(row)
            .onConflictDoUpdate({
              target: [statusDays.service, statusDays.day],
              set: {
                checkedMinutes: sql`excluded.checked_minutes`,
                onlineMinutes: sql`excluded.online_minutes`,
                limitedMinutes: sql`excluded.limited_minutes`,
                offlineMinutes: sql`excluded.offline_minutes`,
                incidents: sql`excluded.incidents`,
              },
            })
            .run();
        }
      }
    });
  }

  /** Deletes checks and day roll-ups older than the 90-day window; returns how many checks went. */
  prune(now: number): number {
    const keepFrom = retentionStart(now);
    return this.db.transaction((tx) => {
      tx.delete(statusDays).where(lt(statusDays.day, keepFrom)).run();
      return tx.delete(statusChecks).where(lt(statusChecks.checkedAt, keepFrom)).run().changes;
    });
  }

  /** The stored day roll-ups of the 90-day window ending at `now`. */
  loadDays(now: number): Rollups {
    const rollups: Rollups = new Map();
    const rows = this.db
      .select()
      .from(statusDays)
      .where(and(gte(statusDays.day, retentionStart(now)), lt(statusDays.day, utcDayStart(now) + DAY_MS)))
      .all();
    for (const { service, day, ...totals } of rows) {
      let days = rollups.get(service);
      if (!days) rollups.set(service, (days = new Map<number, DayTotals>()));
      days.set(day, totals satisfies DayTotals);
    }
    return rollups;
  }

  /** Day totals of every check in [from, to). */
  foldChecks(from: number, to: number): Rollups {
    const accumulator = new RollupAccumulator();
    for (const row of this.readChecks.iterate(from, to) as Iterable<[string, ServiceStatus, number]>) {
      accumulator.add(row[0], row[1], row[2]);
    }
    return accumulator.finish();
  }
}
