import { sql } from 'drizzle-orm';
import type { Quote } from '../../../shared/market/types';
import type { DbHandle } from '../../db/client';
import { first } from '../../db/rows';
import type { HoldingRow, PortfolioRow } from './queries';

/**
 * The shared answer cache's memory for one server (AppDeps.sharedAnswers, built in createDeps and cleared in
 * closeDeps): the encoded answers and the last reading of each public link. sharedAnswerCache.ts says when they may
 * be reused. A file apart from the cache so that depsTypes.ts can name it without an import cycle.
 */

export interface SharedAnswerEntry {
  fingerprint: string;
  quotes: Array<Quote | undefined>;
  json: string;
}

/**
 * Two counters that together move on every committed write: SQLite's total_changes() counts the rows this
 * connection inserted, updated or deleted (cascades included), and PRAGMA data_version moves when another
 * connection commits (the operator's `npm run user`, a second server on the same file). SQLite only: PostgreSQL
 * has no such counters, so there every request reads the link again (marks() answers null).
 */
export interface WriteMarks {
  own: number;
  others: number;
}

/** A public portfolio and its holdings as read, with the database's write marks at that moment. */
export interface SharedReading {
  marks: WriteMarks;
  row: PortfolioRow;
  records: HoldingRow[];
}

export class SharedAnswerState {
  /** Encoded answers by link. */
  readonly answers = new Map<string, SharedAnswerEntry>();
  /** The last reading of each link. */
  readonly readings = new Map<string, SharedReading>();

  constructor(private readonly dbHandle: DbHandle) {}

  /** The database's write marks now; null when the engine has none (PostgreSQL): then no reading is reused. */
  async marks(): Promise<WriteMarks | null> {
    if (this.dbHandle.dialect !== 'sqlite') return null;
    // SQLite's own counters, on the one connection every query of this process goes through.
    const row = await first(
      this.dbHandle.db
        .select({
          own: sql<number>`total_changes()`.mapWith(Number),
          others: sql<number>`data_version`.mapWith(Number),
        })
        .from(sql`pragma_data_version`)
        .limit(1),
    );
    return row ?? null;
  }

  close(): void {
    this.answers.clear();
    this.readings.clear();
  }
}
