import { LRUCache } from 'lru-cache';
import type { Quote } from '../../../shared/market/types';
import type { DbHandle } from '../../db/client';
import { textBytes } from './cacheBytes';
import type { HoldingRow, PortfolioRow } from './queries';

/**
 * The shared answer cache's memory for one server (AppDeps.sharedAnswers, built in createDeps and cleared in
 * closeDeps): the encoded answers and the last reading of each public link, each bounded by an estimate of its bytes.
 * sharedAnswerCache.ts says when they may be reused. A file apart from the cache so that depsTypes.ts can name it without an import cycle.
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

/** What the encoded answers and the readings may hold, by the estimates below. */
export const SHARED_ANSWER_BYTES = 16 << 20;
export const SHARED_READING_BYTES = 8 << 20;
/** Rough heap bytes of one holding row as read (seven short fields). */
const HOLDING_ROW_BYTES = 400;

export class SharedAnswerState {
  /** Encoded answers by link, least recently used first out. */
  readonly answers = new LRUCache<string, SharedAnswerEntry>({
    maxSize: SHARED_ANSWER_BYTES,
    sizeCalculation: (entry) => textBytes(entry.json) + textBytes(entry.fingerprint) + 8 * entry.quotes.length,
  });
  /** The last reading of each link. */
  readonly readings = new LRUCache<string, SharedReading>({
    maxSize: SHARED_READING_BYTES,
    sizeCalculation: (reading) =>
      textBytes(reading.marks) + textBytes(JSON.stringify(reading.row)) + HOLDING_ROW_BYTES * reading.records.length,
  });

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
