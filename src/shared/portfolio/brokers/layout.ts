import type { CsvRecord } from '../csvRecords';
import type { Dec } from '../decimal';
import type { ActivityType } from '../ledger/types';
import { cellOf, findColumns, type ColumnAliases, type Columns } from './columns';
import type { DateOrder, ImportLayout, SkippedRow } from './types';
import { readNumber, type DecimalMark } from './numbers';

/**
 * What a broker layout is: it recognises its file (the header, the sections), says what the broker always writes one
 * way (month-first dates, a decimal point, dollars), and reads each row into drafts: activities, positions, or the
 * reason the row is skipped. The reading around it (readActivities.ts, readPositions.ts) decides the dates and numbers
 * for the whole file, pairs reinvestments, works out split ratios and checks every draft by the ledger's rules.
 */

/** A row's problem that makes it fail (not skipped): thrown by a layout's reader, caught per row. */
export class RowProblem extends Error {}

/** What the broker always does; what it leaves out is decided from the file. */
export interface Conventions {
  dateOrder?: DateOrder;
  decimal?: DecimalMark;
  /** The currency of every amount when the file has no currency column. */
  currency?: string;
  /** Rows of one day are in no particular order: deposits go before trades, withdrawals last. */
  sortSameDay?: boolean;
}

/** One record of a table with its columns found, and the file's decimal mark to read its numbers. */
export class Row<F extends string = string> {
  constructor(
    readonly record: CsvRecord,
    readonly columns: Columns<F>,
    readonly decimal: DecimalMark,
  ) {}

  get line() {
    return this.record.line;
  }

  /** The trimmed cell of a field; '' when the column is absent. */
  get(field: F): string {
    return cellOf(this.columns, this.record, field);
  }

  has(field: F): boolean {
    return this.columns.at[field] >= 0;
  }

  /** The cell as a signed number; null when empty; a RowProblem naming the column when it is not a number. */
  num(field: F): Dec | null {
    return this.numberIn(this.get(field), this.columns.header[this.columns.at[field]]?.trim() || field);
  }

  /** The cell as a number, or its text when it is not one (for the schema to refuse with Add Stock's message). */
  loose(field: F): Dec | string | null {
    const text = this.get(field);
    const read = readNumber(text, this.decimal);
    if (read === 'empty') return null;
    return read === 'unreadable' ? text : read.value;
  }

  /** The number in a text taken from a cell ("Split 10 for 1" parts, a description). */
  numberIn(text: string, label: string): Dec | null {
    const read = readNumber(text, this.decimal);
    if (read === 'empty') return null;
    if (read === 'unreadable') throw new RowProblem(`${label} "${text}" is not a number`);
    return read.value;
  }
}

/** An activity as a layout reads it: the ledger's fields with the date still as written. */
export interface ActivityDraft {
  type: ActivityType;
  /** As written; the whole column decides how it reads. */
  date: string;
  symbol?: string | null;
  /** Unsigned; the type says the direction. */
  quantity?: Dec | null;
  price?: Dec | null;
  fee?: Dec | null;
  amount?: Dec | null;
  ratio?: string | null;
  note?: string | null;
  currency?: string | null;
  fxRate?: string | null;
  /** A split the broker writes as the shares it added: the ratio comes from the shares held before it. */
  addedShares?: Dec;
  /** A buy with a reinvested dividend: also that dividend (of `amount`) unless the file lists the dividend itself. */
  reinvested?: boolean;
}

export type ActivityOutcome =
  { drafts: ActivityDraft[]; wording: string } | { skip: string; wording: string } | { error: string; wording: string };

/** A position as a layout reads it. */
export interface PositionDraft {
  kind: 'position' | 'cash';
  symbol: string;
  /** A number, or the cell's text when it is not one (the schema names the problem as Add Stock does). */
  quantity?: Dec | string | null;
  averagePrice?: Dec | string | null;
  /** The whole position's cost, when the file gives no average: divided by the quantity. */
  costTotal?: Dec | string | null;
  /** Cash lines: the amount. */
  amount?: Dec | null;
  /** The purchase date as written, when the file has one. */
  date?: string | null;
  currency?: string | null;
  fxRate?: string | null;
}

export type PositionOutcome =
  | { positions: PositionDraft[]; wording: string }
  | { skip: string; wording: string }
  | { error: string; wording: string };

/** One table of the file: its header, its records, and how they are read. */
export interface Table<F extends string, O> {
  columns: Columns<F>;
  header: CsvRecord;
  rows: CsvRecord[];
  read(row: Row<F>): O;
  /** The field whose column holds the dates, for the question ("the Run Date column"). */
  dateField?: F;
  /** Fields computed from several columns, named with the file's own headers ("fee" ← "Commission ($) + Fees ($)"). */
  derived?(name: (field: F) => string): Record<string, string>;
}

export interface Located<O> {
  /** Each table has its own fields; methods (not properties) keep them assignable to this list. */
  tables: Array<Table<string, O>>;
  /** Records outside every table that are worth naming (unknown sections, totals below the table). */
  outside: SkippedRow[];
}

export interface Layout<O> {
  info: ImportLayout;
  conventions: Conventions;
  /** The file's tables when the file is this layout's, else null. */
  locate(records: readonly CsvRecord[]): Located<O> | null;
}

export type ActivityLayout = Layout<ActivityOutcome>;
export type PositionLayout = Layout<PositionOutcome>;

/** Title lines (account, export date) a broker may put above its header. */
export const MAX_LINES_BEFORE_HEADER = 12;

/**
 * A layout with one table: the first record within the title lines that `isHeader` accepts is the header, and every
 * record below it is a row (footers and notes among them are the row reader's to skip).
 */
export function singleTable<F extends string, O>(
  records: readonly CsvRecord[],
  aliases: ColumnAliases<F>,
  isHeader: (columns: Columns<F>, keys: string[]) => boolean,
  read: (row: Row<F>) => O,
  extra: Partial<Pick<Table<F, O>, 'dateField' | 'derived'>> = {},
  within = MAX_LINES_BEFORE_HEADER,
): Located<O> | null {
  for (let i = 0; i < Math.min(records.length, within); i++) {
    const columns = findColumns(records[i].cells, aliases);
    if (
      !isHeader(
        columns,
        records[i].cells.map((c) => c.trim()),
      )
    )
      continue;
    return { tables: [{ columns, header: records[i], rows: records.slice(i + 1), read, ...extra }], outside: [] };
  }
  return null;
}

/** The first cell's text when a record is one line of text (a note or disclaimer under the table), else null. */
export function textLine(record: CsvRecord, width: number): string | null {
  const filled = record.cells.map((c) => c.trim()).filter((c) => c !== '');
  if (filled.length !== 1 || width < 3) return null;
  return filled[0];
}

/** "The data and information in this spreadsheet is provided…" → a short quote for the skipped list. */
export const shortText = (text: string, max = 60) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
