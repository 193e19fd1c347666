import { lt } from 'drizzle-orm';
import type { Db, DbHandle } from '../db/client';
import { statusChecks } from '../db/schema';
import type { ServiceStatus } from '../../shared/status/types';
import { STATUS_HISTORY_DAYS } from '../../shared/status/rules';
import { DAY_MS, RollupAccumulator, utcDayStart, type Rollups } from './rollup';

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

/** The status_checks table: recording, pruning, and reading back as daily roll-ups. */
export class StatusHistory {
  private readonly db: Db;
  private readonly readRange;

  constructor(handle: DbHandle) {
    this.db = handle.db;
    // Raw and streamed: the 90-day load reads up to ~650,000 rows and should not build them all as objects first.
    this.readRange = handle.sqlite
      .prepare(
        'select service, status, checked_at from status_checks where checked_at >= ? and checked_at < ? order by service, checked_at',
      )
      .raw(true);
  }

  record(checks: readonly CheckRecord[]): void {
    if (checks.length > 0) this.db.insert(statusChecks).values([...checks]).run();
  }

  /** Deletes checks older than the 90-day window; returns how many went. */
  prune(now: number): number {
    return this.db.delete(statusChecks).where(lt(statusChecks.checkedAt, retentionStart(now))).run().changes;
  }

  /** Day totals of every check in [from, to). */
  rollUp(from: number, to: number): Rollups {
    const accumulator = new RollupAccumulator();
    for (const row of this.readRange.iterate(from, to) as Iterable<[string, ServiceStatus, number]>) {
      accumulator.add(row[0], row[1], row[2]);
    }
    return accumulator.finish();
  }
}
