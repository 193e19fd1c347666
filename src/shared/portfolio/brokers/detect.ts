import { CSV_DELIMITERS, readCsvSheet, type CsvSheet } from '../csvRecords';
import type { Layout, Located } from './layout';
import { decideDecimal, type DecimalMark } from './numbers';

/**
 * Which layout a file is: each delimiter in turn, each layout in order (the brokers', then the plain file's), the
 * first that recognises its header or sections. A quote that never closes makes the file unreadable (it swallowed
 * everything after it), whatever the layout.
 */

export interface Found<O> {
  sheet: CsvSheet;
  layout: Layout<O>;
  located: Located<O>;
}

/** The file read with each delimiter at most once, however many layouts and kinds are tried on it. */
export class Sheets {
  private readonly read = new Map<string, CsvSheet>();
  constructor(private readonly text: string) {}

  with(delimiter: (typeof CSV_DELIMITERS)[number]): CsvSheet {
    let sheet = this.read.get(delimiter);
    if (!sheet) {
      sheet = readCsvSheet(this.text, delimiter);
      this.read.set(delimiter, sheet);
    }
    return sheet;
  }
}

export function findLayout<O>(sheets: Sheets, layouts: ReadonlyArray<Layout<O>>): Found<O> | null {
  for (const delimiter of CSV_DELIMITERS) {
    const sheet = sheets.with(delimiter);
    for (const layout of layouts) {
      const located = layout.locate(sheet.records);
      if (located) return { sheet, layout, located };
    }
  }
  return null;
}

/** The line of an unclosed quote in the file as read with its most likely delimiter, for a file no layout took. */
export function unclosedQuoteIn(sheets: Sheets): number | null {
  for (const delimiter of CSV_DELIMITERS) {
    const line = sheets.with(delimiter).unclosedQuoteLine;
    if (line !== null) return line;
  }
  return null;
}

export const unclosedQuoteMessage = (line: number) =>
  `Line ${line}: a quote (") opens a cell that never closes, so everything after it would be read as one cell. ` +
  'Close the quote (or remove it) and preview again.';

/** The decimal mark of the file's numbers: the broker's own, else what the cells show, else the delimiter's custom. */
export function decimalOf<O>(found: Found<O>): DecimalMark {
  if (found.layout.conventions.decimal) return found.layout.conventions.decimal;
  const cells = function* () {
    for (const table of found.located.tables) for (const record of table.rows) yield* record.cells;
  };
  return decideDecimal(cells(), found.sheet.delimiter === ';' ? ',' : '.');
}

/** Rows in the file's tables, for the size limit checked before any row is read. */
export const rowCount = <O>(located: Located<O>) => located.tables.reduce((n, t) => n + t.rows.length, 0);
