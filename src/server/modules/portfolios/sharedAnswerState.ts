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

/** A public portfolio and its holdings as read, with the database's write marks at that moment. */
export interface SharedReading {
  /** DbHandle.writeMarks() when read. */
  marks: string;
  row: PortfolioRow;
  records: HoldingRow[];
}

export class SharedAnswerState {
  /** Encoded answers by link. */
  readonly answers = new Map<string, SharedAnswerEntry>();
  /** The last reading of each link. */
  readonly readings = new Map<string, SharedReading>();

  constructor(private readonly dbHandle: DbHandle) {}

  /** The database's write marks now (see DbHandle.writeMarks); null when the engine keeps none: nothing is reused. */
  marks(): Promise<string | null> {
    return this.dbHandle.writeMarks();
  }

  close(): void {
    this.answers.clear();
    this.readings.clear();
  }
}
