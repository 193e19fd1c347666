import { MAX_IMPORT_ROWS } from './limits';
import { holdingFieldsSchema } from './schemas';
import type { ValuedHolding } from './types';

/**
 * CSV export and import of holdings. Export writes every figure the screen shows; import reads only symbol,
 * quantity and averagePrice (by header name, any column order, other columns ignored), so an exported file
 * imports as it is.
 */

export const CSV_COLUMNS = [
  'symbol',
  'name',
  'quantity',
  'averagePrice',
  'currentPrice',
  'totalValue',
  'gainLoss',
  'gainLossPercent',
] as const;

export const MISSING_HEADER_MESSAGE = 'The first line must name the columns: symbol, quantity, averagePrice';
export const TOO_MANY_ROWS_MESSAGE = `A file can hold at most ${MAX_IMPORT_ROWS} rows`;

/**
 * One CSV cell. Text a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe;
 * numbers are written as they are, so "-12.50" stays a number.
 */
function cell(value: string | null, isText: boolean): string {
  let text = value ?? '';
  if (isText && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function holdingsToCsv(holdings: readonly ValuedHolding[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const h of holdings) {
    lines.push(
      [
        cell(h.symbol, true),
        cell(h.name, true),
        cell(h.quantity, false),
        cell(h.averagePrice, false),
        cell(h.currentPrice, false),
        cell(h.totalValue, false),
        cell(h.gainLoss, false),
        cell(h.gainLossPercent, false),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** RFC 4180 records: quoted cells may hold commas, quotes ("") and line breaks. Each record keeps its first line number. */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const records: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let current = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // a BOM from Excel
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          current += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        current += ch;
      }
      continue;
    }
    if (ch === '"' && current === '') quoted = true;
    else if (ch === ',') {
      cells.push(current);
      current = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      cells.push(current);
      records.push({ line: recordLine, cells });
      cells = [];
      current = '';
      line++;
      recordLine = line;
    } else current += ch;
  }
  if (current !== '' || cells.length > 0) {
    cells.push(current);
    records.push({ line: recordLine, cells });
  }
  return records.filter((r) => r.cells.some((c) => c.trim() !== ''));
}

const HEADER_NAMES: Record<'symbol' | 'quantity' | 'averagePrice', readonly string[]> = {
  symbol: ['symbol', 'ticker'],
  quantity: ['quantity', 'qty', 'shares'],
  averagePrice: ['averageprice', 'avgprice', 'price', 'costpershare'],
};

const headerKey = (cell: string) => cell.trim().toLowerCase().replace(/[\s_-]/g, '');

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
  fileError: string | null;
}

/** The holdings rows of a CSV file, each checked by the same rules as Add Stock (symbol existence is the server's). */
export function readHoldingsCsv(text: string): CsvHoldings {
  const records = parseCsv(text);
  if (records.length === 0) return { rows: [], fileError: MISSING_HEADER_MESSAGE };
  const header = records[0].cells.map(headerKey);
  const column = (key: keyof typeof HEADER_NAMES) => header.findIndex((h) => HEADER_NAMES[key].includes(h));
  const symbolAt = column('symbol');
  const quantityAt = column('quantity');
  const priceAt = column('averagePrice');
  if (symbolAt < 0 || quantityAt < 0 || priceAt < 0) return { rows: [], fileError: MISSING_HEADER_MESSAGE };
  const body = records.slice(1);
  if (body.length > MAX_IMPORT_ROWS) return { rows: [], fileError: TOO_MANY_ROWS_MESSAGE };

  const rows = body.map(({ line, cells }): CsvHoldingRow => {
    const raw = {
      symbol: (cells[symbolAt] ?? '').trim(),
      quantity: (cells[quantityAt] ?? '').trim(),
      averagePrice: (cells[priceAt] ?? '').trim(),
    };
    const parsed = holdingFieldsSchema.safeParse(raw);
    if (parsed.success) return { line, ...parsed.data, error: null };
    const error = parsed.error.issues.map((issue) => issue.message).join('; ');
    return { line, ...raw, error };
  });
  return { rows, fileError: null };
}
