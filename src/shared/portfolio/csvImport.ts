import { describeColumns, findColumns, type ColumnPositions } from './csvColumns';
import { CSV_DELIMITERS, readCsvRecords, type CsvDelimiter, type CsvRecord } from './csvRecords';
import { decimalText, parseDecimal } from './decimal';
import { MAX_IMPORT_ROWS, MAX_PRICE_DECIMALS } from './limits';
import { holdingFieldsSchema } from './schemas';
import type { CsvColumnMapping } from './types';

/**
 * Reading holdings out of a CSV file as brokers write them: title lines above the header, the broker's own column
 * names, "$1,234.50" amounts, comma, semicolon or tab between cells. Each row is then checked by the same rules as
 * Add Stock (whether the symbol exists is the server's to say).
 */

export const MISSING_HEADER_MESSAGE =
  'No header line found: name the columns symbol, quantity and averagePrice (or a broker’s Symbol, Quantity and Average Cost Basis / Cost Basis)';
export const TOO_MANY_ROWS_MESSAGE = `A file can hold at most ${MAX_IMPORT_ROWS} rows`;

/** Title lines (account name, export date) a broker may put above the header. */
const MAX_LINES_BEFORE_HEADER = 10;

export interface CsvHoldingRow {
  line: number;
  /** As written (upper-cased when valid). */
  symbol: string;
  quantity: string;
  averagePrice: string;
  /** Every problem with the row in one sentence; null when the row is valid. */
  error: string | null;
}

export interface CsvHoldings {
  rows: CsvHoldingRow[];
  columns: CsvColumnMapping | null;
  fileError: string | null;
}

/**
 * An amount as a plain decimal: "$1,234.50" and "1 234.50" become "1234.50"; with semicolons between cells the
 * European "1.234,50" does too. Anything else is left as written, for the schema to refuse with its message.
 */
export function plainAmount(cell: string, delimiter: CsvDelimiter): string {
  const text = cell.trim().replace(/^(-?)\s*\$\s*/, '$1');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return text.replace(/,/g, '');
  if (/^-?\d{1,3}([ \u00a0\u202f]\d{3})+(\.\d+)?$/.test(text)) return text.replace(/[ \u00a0\u202f]/g, '');
  if (delimiter === ';' && /^-?\d{1,3}(\.\d{3})*,\d+$/.test(text)) return text.replace(/\./g, '').replace(',', '.');
  return text;
}

/** The average cost from a total cost basis; the total as written when either number cannot be read. */
function averageFromTotal(total: string, quantity: string): string {
  const cost = parseDecimal(total);
  const count = parseDecimal(quantity);
  if (!cost || !count || count.lte(0)) return total;
  return decimalText(cost.div(count).toDecimalPlaces(MAX_PRICE_DECIMALS));
}

function readRow({ line, cells }: CsvRecord, at: ColumnPositions, delimiter: CsvDelimiter): CsvHoldingRow {
  const cellAt = (i: number) => (cells[i] ?? '').trim();
  const quantity = plainAmount(cellAt(at.quantity), delimiter);
  const averagePrice =
    at.averagePrice >= 0
      ? plainAmount(cellAt(at.averagePrice), delimiter)
      : averageFromTotal(plainAmount(cellAt(at.costBasisTotal), delimiter), quantity);
  const raw = { symbol: cellAt(at.symbol), quantity, averagePrice };
  const parsed = holdingFieldsSchema.safeParse(raw);
  if (parsed.success) return { line, ...parsed.data, error: null };
  return { line, ...raw, error: parsed.error.issues.map((issue) => issue.message).join('; ') };
}

/** The first delimiter whose records have a header near the top, with that header's place. */
function findHeader(text: string) {
  for (const delimiter of CSV_DELIMITERS) {
    const records = readCsvRecords(text, delimiter);
    for (let i = 0; i < Math.min(records.length, MAX_LINES_BEFORE_HEADER + 1); i++) {
      const at = findColumns(records[i].cells);
      if (at) return { delimiter, records, index: i, at };
    }
  }
  return null;
}

/** The holdings rows of a CSV file and how its columns were read, or the reason the file cannot be read. */
export function readHoldingsCsv(text: string): CsvHoldings {
  const found = findHeader(text);
  if (!found) return { rows: [], columns: null, fileError: MISSING_HEADER_MESSAGE };
  const { delimiter, records, index, at } = found;
  const header = records[index];
  const columns = describeColumns(header.cells, at, header.line);
  const body = records.slice(index + 1);
  if (body.length > MAX_IMPORT_ROWS) return { rows: [], columns, fileError: TOO_MANY_ROWS_MESSAGE };
  return { rows: body.map((record) => readRow(record, at, delimiter)), columns, fileError: null };
}
