import { headerKey } from '../csvColumns';
import { plainAmount } from '../csvImport';
import { CSV_DELIMITERS, readCsvRecords, type CsvDelimiter, type CsvRecord } from '../csvRecords';
import { decimalText, parseDecimal } from '../decimal';
import { MAX_PRICE_DECIMALS } from '../limits';
import { readCsvDate } from './csvDates';
import { activityFieldsSchema, type ActivityFields } from './schemas';
import type { Activity, ActivityType } from './types';

/**
 * Activities in and out of CSV (issue 21). The reader takes broker exports: comma, semicolon or tab, title lines
 * above the header, the broker's column names (Date, Type/Action/Transaction, Symbol/Ticker, Quantity/Shares, Price,
 * Fee/Commission, Amount/Total, Ratio, Note/Description), their words for the type ("Bought", "Cash Dividend"),
 * negative quantities and amounts for money going out. The writer writes exactly the columns the reader reads.
 */

export const ACTIVITY_CSV_COLUMNS = ['Date', 'Type', 'Symbol', 'Quantity', 'Price', 'Fee', 'Amount', 'Ratio', 'Note'];
export const MAX_ACTIVITY_IMPORT_ROWS = 20_000;
export const MISSING_ACTIVITY_HEADER =
  'No header line found: name the columns Date, Type, Symbol, Quantity, Price, Fee, Amount, Ratio and Note (a broker’s Date, Action, Ticker, Shares, Price, Commission, Total also work)';
export const TOO_MANY_ACTIVITY_ROWS = `A file can hold at most ${MAX_ACTIVITY_IMPORT_ROWS} rows`;
const MAX_LINES_BEFORE_HEADER = 10;

const ALIASES = {
  date: ['date', 'tradedate', 'transactiondate', 'settlementdate', 'rundate', 'activitydate'],
  type: ['type', 'action', 'transaction', 'transactiontype', 'activity', 'activitytype'],
  symbol: ['symbol', 'ticker', 'tickersymbol', 'security', 'securitysymbol'],
  quantity: ['quantity', 'qty', 'shares', 'units'],
  price: ['price', 'unitprice', 'sharePrice'.toLowerCase(), 'pricepershare', 'tradeprice'],
  fee: ['fee', 'fees', 'commission', 'commissions', 'feescommissions', 'commissionfees'],
  amount: ['amount', 'total', 'netamount', 'value', 'totalamount'],
  ratio: ['ratio', 'splitratio'],
  note: ['note', 'notes', 'description', 'memo', 'comment'],
} as const;
type Field = keyof typeof ALIASES;
type Positions = Record<Field, number>;

const TYPE_WORDS: Record<string, ActivityType> = {
  buy: 'buy',
  bought: 'buy',
  purchase: 'buy',
  youbought: 'buy',
  sell: 'sell',
  sold: 'sell',
  sale: 'sell',
  yousold: 'sell',
  dividend: 'dividend',
  div: 'dividend',
  cashdividend: 'dividend',
  qualifieddividend: 'dividend',
  dividendreceived: 'dividend',
  fee: 'fee',
  fees: 'fee',
  commission: 'fee',
  accountfee: 'fee',
  split: 'split',
  stocksplit: 'split',
  deposit: 'deposit',
  transferin: 'deposit',
  contribution: 'deposit',
  cashin: 'deposit',
  withdrawal: 'withdrawal',
  withdraw: 'withdrawal',
  transferout: 'withdrawal',
  cashout: 'withdrawal',
};

export interface ActivityCsvRow {
  line: number;
  /** The activity read from the row; null when it cannot be read. */
  activity: ActivityFields | null;
  /** Why the row cannot be imported; null when it can. */
  error: string | null;
}

export interface ActivityCsv {
  rows: ActivityCsvRow[];
  /** The file's own names of the columns read, by field. */
  columns: Partial<Record<Field, string>> | null;
  fileError: string | null;
}

function findColumns(cells: readonly string[]): Positions | null {
  const keys = cells.map(headerKey);
  const at = {} as Positions;
  for (const field of Object.keys(ALIASES) as Field[]) {
    at[field] = keys.findIndex((k) => (ALIASES[field] as readonly string[]).includes(k));
  }
  return at.date >= 0 && at.type >= 0 ? at : null;
}

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

/** A number cell without sign, currency or thousands separators; '' when empty. */
function magnitude(cell: string, delimiter: CsvDelimiter): string {
  const text = plainAmount(cell.replace(/^\((.*)\)$/, '-$1'), delimiter);
  return text.startsWith('-') ? text.slice(1) : text;
}

/** The apostrophe the writer puts before text a spreadsheet would run as a formula comes off again. */
const unguarded = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

function readRow({ line, cells }: CsvRecord, at: Positions, delimiter: CsvDelimiter): ActivityCsvRow {
  const cell = (field: Field) => (at[field] >= 0 ? unguarded((cells[at[field]] ?? '').trim()) : '');
  const typeWord = headerKey(cell('type'));
  const type = TYPE_WORDS[typeWord];
  if (!type)
    return {
      line,
      activity: null,
      error: `Type "${cell('type')}" is not one of buy, sell, dividend, fee, split, deposit, withdrawal`,
    };
  const date = readCsvDate(cell('date'));
  if (!date) return { line, activity: null, error: `Date "${cell('date')}" is not a date (use YYYY-MM-DD)` };
  const quantity = magnitude(cell('quantity'), delimiter);
  const amount = magnitude(cell('amount'), delimiter);
  let price = magnitude(cell('price'), delimiter);
  // A trade with a total but no price: the price is the total over the quantity.
  if (!price && amount && quantity && (type === 'buy' || type === 'sell')) {
    const q = parseDecimal(quantity);
    const a = parseDecimal(amount);
    if (q && a && q.gt(0)) price = decimalText(a.div(q).toDecimalPlaces(MAX_PRICE_DECIMALS));
  }
  const parsed = activityFieldsSchema.safeParse({
    type,
    date,
    symbol: cell('symbol'),
    quantity,
    price,
    fee: magnitude(cell('fee'), delimiter),
    amount,
    ratio: cell('ratio'),
    note: cell('note'),
  });
  if (parsed.success) return { line, activity: parsed.data, error: null };
  return { line, activity: null, error: parsed.error.issues.map((i) => i.message).join('; ') };
}

/** The activities of a CSV file, row by row, or why the file as a whole cannot be read. */
export function readActivitiesCsv(text: string): ActivityCsv {
  const found = findHeader(text);
  if (!found) return { rows: [], columns: null, fileError: MISSING_ACTIVITY_HEADER };
  const { delimiter, records, index, at } = found;
  const header = records[index].cells;
  const columns: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(at) as Field[]) if (at[field] >= 0) columns[field] = header[at[field]].trim();
  const body = records.slice(index + 1);
  if (body.length > MAX_ACTIVITY_IMPORT_ROWS) return { rows: [], columns, fileError: TOO_MANY_ACTIVITY_ROWS };
  return { rows: body.map((r) => readRow(r, at, delimiter)), columns, fileError: null };
}

/** A cell; text a spreadsheet would run as a formula gets a leading apostrophe. */
function cell(value: string | null, isText: boolean): string {
  let text = value ?? '';
  if (isText && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The ledger as CSV in ACTIVITY_CSV_COLUMNS, in ledger order; readActivitiesCsv reads it back unchanged. */
export function activitiesToCsv(activities: readonly Activity[]): string {
  const lines = [ACTIVITY_CSV_COLUMNS.join(',')];
  for (const a of activities) {
    lines.push(
      [
        a.date,
        a.type,
        cell(a.symbol, true),
        cell(a.quantity, false),
        cell(a.price, false),
        cell(a.fee, false),
        cell(a.amount, false),
        cell(a.ratio, false),
        cell(a.note, true),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
