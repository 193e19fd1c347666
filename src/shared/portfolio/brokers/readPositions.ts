import { decimalText, type Dec } from '../decimal';
import { MAX_IMPORT_ROWS, MAX_PRICE_DECIMALS } from '../limits';
import { holdingFieldsSchema } from '../schemas';
import type { CsvColumnMapping } from '../types';
import { bareSymbol } from './cash';
import { currencyProblem, minorUnitFactor } from './currencyRule';
import { DATE_QUESTION_OPEN, dayOf, decideDateOrder, notADate, readDateCell } from './dates';
import { decimalOf, findLayout, rowCount, Sheets, unclosedQuoteIn, unclosedQuoteMessage, type Found } from './detect';
import { Row, RowProblem, shortText, textLine, type PositionDraft, type PositionOutcome } from './layout';
import { ACTIVITY_LAYOUTS, POSITION_LAYOUTS } from './registry';
import type { DecimalMark } from './numbers';
import { rateText } from './readActivities';
import { SKIP_REASONS } from './wordings';
import type { FileReading, ReadPositionRow, ReadPositions, SkippedRow } from './types';
import type { DateOrder } from './types';

/**
 * Positions out of a broker's positions export or a plain holdings CSV (issue 10, issue 27 §2): the layout
 * recognised, each line a holding (symbol, quantity, average price, and its purchase date when the file has one), a
 * cash line (sweep and money-market funds, "Cash & Cash Investments"), or skipped with its reason. Each holding is
 * checked by Add Stock's rules; whether the symbol exists is the server's to say.
 */

export const MISSING_HEADER_MESSAGE =
  'No header line found: name the columns symbol, quantity and averagePrice (or a broker’s Symbol, Quantity and Average Cost Basis / Cost Basis)';
export const TOO_MANY_ROWS_MESSAGE = `A file can hold at most ${MAX_IMPORT_ROWS} rows`;
export const activitiesFileMessage = (name: string) =>
  `This is a transactions file (${name}): import it on the Activity tab, which records each trade on its day.`;
const CASH_AMOUNT = 'A cash line needs a positive amount';

export interface ReadPositionsResult extends ReadPositions {
  /** The mapping as the holdings preview shows it (the file's own header names). */
  columns: CsvColumnMapping | null;
}

export function readPositionsFile(text: string, options: { dateOrder?: DateOrder | null } = {}): ReadPositionsResult {
  const sheets = new Sheets(text);
  const found = findLayout(sheets, POSITION_LAYOUTS);
  if (!found) {
    const quote = unclosedQuoteIn(sheets);
    if (quote !== null) return { rows: [], reading: null, columns: null, fileError: unclosedQuoteMessage(quote) };
    const other = findLayout(sheets, ACTIVITY_LAYOUTS);
    const plain = other?.layout.info.id === 'plain-activities';
    const fileError = other && !plain ? activitiesFileMessage(other.layout.info.name) : MISSING_HEADER_MESSAGE;
    return { rows: [], reading: null, columns: null, fileError };
  }
  const decimal = decimalOf(found);
  const skipped: SkippedRow[] = [...found.located.outside];
  const columns = mappingOf(found);
  const reading: FileReading = {
    layout: found.layout.info,
    columns: {},
    wordings: [],
    dates: { order: null, decidedBy: null, question: null },
    decimal,
    skipped,
  };
  if (found.sheet.unclosedQuoteLine !== null)
    return { rows: [], reading, columns, fileError: unclosedQuoteMessage(found.sheet.unclosedQuoteLine) };
  if (rowCount(found.located) > MAX_IMPORT_ROWS)
    return { rows: [], reading, columns, fileError: TOO_MANY_ROWS_MESSAGE };

  const read: Array<{ line: number; draft: PositionDraft | null; error: string | null }> = [];
  for (const table of found.located.tables) {
    for (const record of table.rows) {
      const text = textLine(record, table.columns.header.length);
      if (text !== null) {
        skipped.push({ line: record.line, wording: shortText(text), reason: SKIP_REASONS.text });
        continue;
      }
      const outcome = readRow(() => table.read(new Row(record, table.columns, decimal)));
      if ('skip' in outcome) {
        skipped.push({ line: record.line, wording: outcome.wording, reason: outcome.skip });
      } else if ('error' in outcome) read.push({ line: record.line, draft: null, error: outcome.error });
      else for (const draft of outcome.positions) read.push({ line: record.line, draft, error: null });
    }
  }

  const cells = read.map((r) => (r.draft?.date ? readDateCell(r.draft.date) : { kind: 'none' as const }));
  const dateTable = found.located.tables[0];
  const dateAt = dateTable?.dateField ? dateTable.columns.at[dateTable.dateField] : -1;
  reading.dates = decideDateOrder(cells, {
    layoutOrder: found.layout.conventions.dateOrder ?? null,
    choice: options.dateOrder ?? null,
    decimal,
    currencies: [...new Set(read.flatMap((r) => r.draft?.currency ?? found.layout.conventions.currency ?? []))],
    column: dateAt >= 0 ? `"${dateTable.columns.header[dateAt].trim()}"` : 'date',
  });
  skipped.sort((a, b) => a.line - b.line);
  const fileCurrency = found.layout.conventions.currency ?? null;
  const rows = read.map((r, i) => checked(r, cells[i], reading.dates.order, fileCurrency, decimal));
  return { rows, reading, columns, fileError: null };
}

function readRow(read: () => PositionOutcome): PositionOutcome {
  try {
    return read();
  } catch (error) {
    if (error instanceof RowProblem) return { error: error.message, wording: '' };
    throw error;
  }
}

const text = (value: Dec | string | null) =>
  value === null ? '' : typeof value === 'string' ? value : decimalText(value);

function checked(
  r: { line: number; draft: PositionDraft | null; error: string | null },
  cell: ReturnType<typeof readDateCell>,
  order: DateOrder | null,
  fileCurrency: string | null,
  decimal: DecimalMark,
): ReadPositionRow {
  const draft = r.draft;
  // A position in pence is read in pounds (currencyRule.ts).
  const { currency, factor } = minorUnitFactor(draft?.currency ?? fileCurrency);
  const major = <T extends Dec | string | null | undefined>(d: T): T =>
    factor === 1 || !d || typeof d === 'string' ? d : (d.times(factor) as T);
  const base = {
    line: r.line,
    currency,
    fxRate: rateText(draft?.fxRate, decimal),
    wording: null,
    amount: null,
    date: null,
  };
  if (!draft)
    return {
      ...base,
      kind: 'position',
      symbol: '',
      quantity: '',
      averagePrice: '',
      error: r.error ?? 'Cannot be read',
    };
  if (draft.kind === 'cash') {
    const amount = major(draft.amount)?.abs().toDecimalPlaces(2) ?? null;
    const ok = amount !== null && amount.gt(0);
    return {
      ...base,
      kind: 'cash',
      symbol: bareSymbol(draft.symbol),
      quantity: '',
      averagePrice: '',
      amount: ok ? decimalText(amount) : null,
      error: ok ? currencyProblem(currency) : CASH_AMOUNT,
    };
  }
  const quantity = draft.quantity ?? null;
  let average = major(draft.averagePrice) ?? null;
  const cost = major(draft.costTotal) ?? null;
  if (average === null && cost !== null) {
    average =
      typeof cost !== 'string' && typeof quantity !== 'string' && quantity?.gt(0)
        ? cost.abs().div(quantity).toDecimalPlaces(MAX_PRICE_DECIMALS)
        : cost;
  }
  const raw = { symbol: draft.symbol.trim(), quantity: text(quantity), averagePrice: text(average) };
  let date: string | null = null;
  let dateError: string | null = null;
  if (draft.date) {
    date = dayOf(cell, order);
    if (!date) dateError = cell.kind === 'either' && order === null ? DATE_QUESTION_OPEN : notADate(draft.date);
  }
  const parsed = holdingFieldsSchema.safeParse(raw);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)),
    ...(dateError ? [dateError] : []),
  ];
  const fields = parsed.success ? parsed.data : raw;
  const error = problems.length > 0 ? problems.join('; ') : currencyProblem(currency);
  return { ...base, kind: 'position', ...fields, date, error };
}

/** The holdings preview's mapping: which header became symbol, quantity, average price (or total ÷ quantity), date. */
function mappingOf(found: Found<PositionOutcome>): CsvColumnMapping | null {
  const table = found.located.tables.find((t) => t.columns.at.symbol >= 0) ?? found.located.tables[0];
  if (!table) return null;
  const at = table.columns.at;
  const name = (field: string) => (at[field] >= 0 ? (table.columns.header[at[field]] ?? '').trim() : '');
  const usesAverage = at.averagePrice >= 0;
  const used = new Set(
    ['symbol', 'quantity', usesAverage ? 'averagePrice' : 'costTotal', 'date', 'value', 'currency']
      .map((f) => at[f])
      .filter((i) => i >= 0),
  );
  return {
    headerLine: table.header.line,
    symbol: name('symbol'),
    quantity: name('quantity'),
    averagePrice: usesAverage ? name('averagePrice') : `${name('costTotal')} ÷ ${name('quantity')}`,
    date: name('date') || null,
    cash: name('value') || null,
    ignored: table.columns.header.map((h, i) => (used.has(i) ? '' : h.trim())).filter((h) => h !== ''),
  };
}
