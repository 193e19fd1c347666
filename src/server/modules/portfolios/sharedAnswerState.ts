import type { Quote } from '../../../shared/market/types';
import type { DbHandle } from '../../db/client';
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
 * connection commits (the operator's `npm run user`, a second server on the same file).
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
  private statement: { get(): unknown } | null = null;

  constructor(private readonly dbHandle: DbHandle) {}

  /** The database's write marks now (the statement is prepared on first use, as the cache was). */
  marks(): WriteMarks {
    this.statement ??= this.dbHandle.sqlite.prepare(
      'select total_changes() as own, data_version as others from pragma_data_version',
    );
    return this.statement.get() as WriteMarks;
  }

  close(): void {
    this.answers.clear();
    this.readings.clear();
  }
}
