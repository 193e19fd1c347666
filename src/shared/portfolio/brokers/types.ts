import type { ActivityFields } from '../ledger/schemas';
import type { FileReading } from './reading';

/** What the readers give the server: each row read, with its currency and the broker's wording. */

export type { DateOrder, DateReading, FileReading, ImportKind, ImportLayout, SkippedRow, WordingRead } from './reading';
export { DATE_ORDERS } from './reading';

/** What a row carries beyond the ledger's fields: its currency and the broker's FX rate, as written. */
export interface RowExtras {
  /** ISO 4217 code of the row's money (the row's own, else the file's); null when the file does not say. */
  currency: string | null;
  /** The exchange rate the broker applied to the row, as written; null when none. */
  fxRate: string | null;
  /** The broker's kind of the row ("YOU BOUGHT", "Reinvest Shares"); null for plain files. */
  wording: string | null;
}

/** One activity read from a file: the ledger's fields, or why the row cannot be read. */
export interface ReadActivityRow extends RowExtras {
  line: number;
  activity: ActivityFields | null;
  error: string | null;
}

export interface ReadActivities {
  rows: ReadActivityRow[];
  reading: FileReading | null;
  fileError: string | null;
}

/** One position read from a file: a holding (symbol, quantity, average price) or a cash line. */
export interface ReadPositionRow extends RowExtras {
  line: number;
  kind: 'position' | 'cash';
  symbol: string;
  quantity: string;
  averagePrice: string;
  /** Cash lines: the amount. */
  amount: string | null;
  /** The purchase date when the file has one ('YYYY-MM-DD'); null for an undated position. */
  date: string | null;
  error: string | null;
}

export interface ReadPositions {
  rows: ReadPositionRow[];
  reading: FileReading | null;
  fileError: string | null;
}
