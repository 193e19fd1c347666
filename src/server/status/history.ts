import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tablesOf } from '../db/schema';
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
  constructor(private readonly db: Db) {}

  /** Stores a round's checks and rewrites the roll-up of the day they fall on; one transaction. */
  async record(checks: readonly CheckRecord[]): Promise<void> {
    const { statusChecks, statusDays } = tablesOf(this.db);
    if (checks.length === 0) return;
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.insert(statusChecks).values([...checks]);
      const days = new Set(checks.map((c) => utcDayStart(c.checkedAt)));
      for (const day of days) {
        for (const [service, totals] of await this.foldChecks(day, day + DAY_MS, tx)) {
          const row = { service, day, ...totals.get(day)! };
          await tx
            .insert(statusDays)
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
            });
        }
      }
    });
  }

  /** Deletes checks and day roll-ups older than the 90-day window; returns how many checks went. */
  async prune(now: number): Promise<number> {
    const keepFrom = retentionStart(now);
    return this.db.transaction(async (tx) => {
      const { statusChecks, statusDays } = tablesOf(tx);
      await tx.delete(statusDays).where(lt(statusDays.day, keepFrom));
      const deleted = await tx
        .delete(statusChecks)
        .where(lt(statusChecks.checkedAt, keepFrom))
        .returning({ id: statusChecks.id });
      return deleted.length;
    });
  }

  /** The stored day roll-ups of the 90-day window ending at `now`. */
  async loadDays(now: number): Promise<Rollups> {
    const { statusDays } = tablesOf(this.db);
    const rollups: Rollups = new Map();
    const rows = await this.db
      .select()
      .from(statusDays)
      .where(and(gte(statusDays.day, retentionStart(now)), lt(statusDays.day, utcDayStart(now) + DAY_MS)));
    for (const { service, day, ...totals } of rows) {
      let days = rollups.get(service);
      if (!days) rollups.set(service, (days = new Map<number, DayTotals>()));
      days.set(day, totals satisfies DayTotals);
    }
    return rollups;
  }

  /** Day totals of every check in [from, to) (a day holds up to 7,200 checks); `db` is the transaction, if any. */
  async foldChecks(from: number, to: number, db: Db = this.db): Promise<Rollups> {
    const { statusChecks } = tablesOf(db);
    const rows = await db
      .select({ service: statusChecks.service, status: statusChecks.status, checkedAt: statusChecks.checkedAt })
      .from(statusChecks)
      .where(and(gte(statusChecks.checkedAt, from), lt(statusChecks.checkedAt, to)))
      .orderBy(asc(statusChecks.service), asc(statusChecks.checkedAt));
    const accumulator = new RollupAccumulator();
    for (const row of rows) accumulator.add(row.service, row.status, row.checkedAt);
    return accumulator.finish();
  }
}
