import { Dec } from '../decimal';
import { activityFieldsSchema } from '../ledger/schemas';
import { currencyProblem, minorUnitFactor } from './currencyRule';
import { DATE_QUESTION_OPEN, dayOf, decideDateOrder, notADate, readDateCell } from './dates';
import { decimalOf, findLayout, rowCount, Sheets, unclosedQuoteIn, unclosedQuoteMessage, type Found } from './detect';
import { RowProblem, Row, textLine, shortText, type ActivityDraft, type ActivityOutcome } from './layout';
import { ACTIVITY_LAYOUTS, POSITION_LAYOUTS } from './registry';
import { addReinvestedDividends, type Dated } from './reinvestments';
import { resolveSplitRatios } from './splits';
import { readNumber, type DecimalMark } from './numbers';
import { SKIP_REASONS } from './wordings';
import type { DateOrder, FileReading, ReadActivities, ReadActivityRow, SkippedRow, WordingRead } from './types';
import { columnNames } from './columns';

/**
 * Activities out of a broker's export or a plain CSV (issue 27 §2): the layout is recognised, each row read into
 * the ledger's activities or skipped with its reason (a kind the ledger does not record never refuses the file),
 * the dates read as the whole column says, reinvestments paired with their dividends, split ratios worked out, and
 * every activity checked by the ledger's own rules. Rows come out in ledger order (oldest first; a newest-first
 * export is turned round), which is the order the import records them in.
 */

export const MAX_ACTIVITY_IMPORT_ROWS = 20_000;
export const MISSING_ACTIVITY_HEADER =
  'No header line found: name the columns Date, Type, Symbol, Quantity, Price, Fee, Amount, Ratio and Note (a broker’s Date, Action, Ticker, Shares, Price, Commission, Total also work)';
export const TOO_MANY_ACTIVITY_ROWS = `A file can hold at most ${MAX_ACTIVITY_IMPORT_ROWS} rows`;
export const positionsFileMessage = (name: string) =>
  `This is a positions file (${name}): import it with Import CSV on the Holdings tab. The Activity tab reads transaction histories.`;

export interface ReadOptions {
  /** The user's answer when the preview asked whether dates are day or month first. */
  dateOrder?: DateOrder | null;
}

interface Item {
  line: number;
  wording: string;
  draft: ActivityDraft | null;
  day: string | null;
  error: string | null;
}

/** Deposits first and withdrawals last within a day, when the broker's order within a day means nothing. */
const SAME_DAY_RANK: Record<string, number> = {
  deposit: 0,
  split: 1,
  sell: 2,
  dividend: 3,
  buy: 4,
  fee: 5,
  withdrawal: 6,
};

export function readActivitiesFile(text: string, options: ReadOptions = {}): ReadActivities {
  const sheets = new Sheets(text);
  const found = findLayout(sheets, ACTIVITY_LAYOUTS);
  if (!found) {
    const quote = unclosedQuoteIn(sheets);
    if (quote !== null) return { rows: [], reading: null, fileError: unclosedQuoteMessage(quote) };
    const other = findLayout(sheets, POSITION_LAYOUTS);
    const fileError = other ? positionsFileMessage(other.layout.info.name) : MISSING_ACTIVITY_HEADER;
    return { rows: [], reading: null, fileError };
  }
  const decimal = decimalOf(found);
  const skipped: SkippedRow[] = [...found.located.outside];
  const reading = (dates = { order: null, decidedBy: null, question: null } as FileReading['dates']): FileReading => ({
    layout: found.layout.info,
    columns: mappingOf(found),
    wordings: [],
    dates,
    decimal,
    skipped,
  });
  if (found.sheet.unclosedQuoteLine !== null)
    return { rows: [], reading: reading(), fileError: unclosedQuoteMessage(found.sheet.unclosedQuoteLine) };
  if (rowCount(found.located) > MAX_ACTIVITY_IMPORT_ROWS)
    return { rows: [], reading: reading(), fileError: TOO_MANY_ACTIVITY_ROWS };

  const items: Item[] = [];
  const outcomes = new Map<number, string>();
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
        outcomes.set(record.line, 'skipped');
      } else if ('error' in outcome) {
        items.push({ line: record.line, wording: outcome.wording, draft: null, day: null, error: outcome.error });
      } else {
        for (const draft of outcome.drafts)
          items.push({ line: record.line, wording: outcome.wording, draft, day: null, error: null });
      }
    }
  }

  const cells = items.map((i) => (i.draft ? readDateCell(i.draft.date) : { kind: 'none' as const }));
  const dates = decideDateOrder(cells, {
    layoutOrder: found.layout.conventions.dateOrder ?? null,
    choice: options.dateOrder ?? null,
    decimal,
    currencies: [...new Set(items.flatMap((i) => i.draft?.currency ?? found.layout.conventions.currency ?? []))],
    column: dateColumnOf(found),
  });
  items.forEach((item, n) => {
    if (!item.draft) return;
    const cell = cells[n];
    item.day = dayOf(cell, dates.order);
    if (!item.day)
      item.error = cell.kind === 'either' && dates.order === null ? DATE_QUESTION_OPEN : notADate(item.draft.date);
  });

  const ordered = inLedgerOrder(items, found.layout.conventions.sortSameDay === true);
  const { rows, kinds } = checkedRows(ordered, found.layout.conventions.currency ?? null, decimal);
  const read = reading(dates);
  read.wordings = wordingsOf(rows, kinds, skipped, outcomes);
  skipped.sort((a, b) => a.line - b.line);
  return { rows, reading: read, fileError: null };
}

function readRow(read: () => ActivityOutcome): ActivityOutcome {
  try {
    return read();
  } catch (error) {
    if (error instanceof RowProblem) return { error: error.message, wording: '' };
    throw error;
  }
}

/** Oldest first: a newest-first file is turned round (so a day's rows keep their real order), then sorted by day. */
function inLedgerOrder(items: Item[], sortSameDay: boolean): Item[] {
  const days = items.filter((i) => i.day);
  let down = 0;
  let up = 0;
  for (let i = 1; i < days.length; i++) {
    if (days[i].day! < days[i - 1].day!) down++;
    else if (days[i].day! > days[i - 1].day!) up++;
  }
  const inOrder = down > up ? [...items].reverse() : [...items];
  const rank = (i: Item) => (sortSameDay && i.draft ? SAME_DAY_RANK[i.draft.type] : 0);
  const dated = inOrder
    .map((item, seq) => ({ item, seq }))
    .filter(({ item }) => item.day && !item.error)
    .sort((a, b) =>
      a.item.day! < b.item.day! ? -1 : a.item.day! > b.item.day! ? 1 : rank(a.item) - rank(b.item) || a.seq - b.seq,
    )
    .map(({ item }) => item);
  const failing = items.filter((i) => !i.day || i.error);
  return [...dated, ...failing.sort((a, b) => a.line - b.line)];
}

/** Reinvestments and splits resolved, then each draft checked by the ledger's rules and the currency rule. */
function checkedRows(items: Item[], fileCurrency: string | null, decimal: DecimalMark) {
  /** The kind each row was read as, even when it fails (its date, its currency): for the wordings' mapping. */
  const kinds = new Map<ReadActivityRow, string>();
  const good: Dated[] = items
    .filter((i) => i.draft && !i.error)
    .map((i) => ({ draft: i.draft!, day: i.day!, line: i.line }));
  const withDividends = addReinvestedDividends(good);
  const splitErrors = resolveSplitRatios(withDividends);
  const wordingOf = new Map(items.map((i) => [i.line, i.wording]));
  const rows = withDividends.map((item): ReadActivityRow => {
    const { draft } = item;
    // A row in pence is read in pounds: every amount of it, as the row states one currency (currencyRule.ts).
    const { currency, factor } = minorUnitFactor(draft.currency ?? fileCurrency);
    const major = <T extends Dec | null | undefined>(d: T): T => (factor === 1 || !d ? d : (d.times(factor) as T));
    const extras = { currency, fxRate: rateText(draft.fxRate, decimal), wording: wordingOf.get(item.line) || null };
    const splitError = splitErrors.get(item);
    if (splitError) return { line: item.line, activity: null, error: splitError, ...extras };
    const parsed = activityFieldsSchema.safeParse({
      type: draft.type,
      date: item.day,
      symbol: draft.symbol ?? null,
      quantity: draft.quantity?.abs().toFixed() ?? null,
      price: major(draft.price)?.abs().toFixed() ?? null,
      fee: draft.fee && !draft.fee.isZero() ? cents(major(draft.fee)) : null,
      amount: draft.amount ? cents(major(draft.amount)) : null,
      ratio: draft.ratio ?? null,
      note: draft.note ?? null,
    });
    if (!parsed.success) {
      const error = parsed.error.issues.map((issue) => issue.message).join('; ');
      return { line: item.line, activity: null, error, ...extras };
    }
    return { line: item.line, activity: parsed.data, error: currencyProblem(currency), ...extras };
  });
  withDividends.forEach((item, n) => kinds.set(rows[n], item.draft.type));
  const failing = items
    .filter((i) => !i.draft || i.error)
    .map((i): ReadActivityRow => {
      const row = {
        line: i.line,
        activity: null,
        error: i.error,
        currency: i.draft?.currency ?? fileCurrency,
        fxRate: rateText(i.draft?.fxRate, decimal),
        wording: i.wording || null,
      };
      kinds.set(row, i.draft?.type ?? 'cannot be read');
      return row;
    });
  return { rows: [...rows, ...failing], kinds };
}

/** An exchange rate as plain decimal text ("1,0929" → "1.0929"); null when the broker gives none ("Not available"). */
export function rateText(raw: string | null | undefined, decimal: DecimalMark): string | null {
  const read = raw ? readNumber(raw, decimal) : 'empty';
  return typeof read === 'object' && read.value.gt(0) ? read.value.toFixed() : null;
}

/**
 * Money to the cent, half up, as the ledger books it (IBKR writes commissions such as 1.0034); quantities and prices
 * keep every decimal.
 */
const cents = (value: Dec) => value.abs().toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed();

/** How each wording was read: the types its rows became ("dividend + buy", "deposit or withdrawal"), or skipped. */
function wordingsOf(
  rows: ReadActivityRow[],
  kinds: Map<ReadActivityRow, string>,
  skipped: SkippedRow[],
  outcomes: Map<number, string>,
): WordingRead[] {
  const byLine = new Map<number, { wording: string; types: string[] }>();
  for (const row of rows) {
    if (!row.wording) continue;
    const entry = byLine.get(row.line) ?? { wording: row.wording, types: [] };
    entry.types.push(kinds.get(row) ?? 'cannot be read');
    byLine.set(row.line, entry);
  }
  for (const s of skipped)
    if (outcomes.get(s.line) === 'skipped') byLine.set(s.line, { wording: s.wording, types: ['skipped'] });
  const byWording = new Map<string, { becomes: string[]; rows: number }>();
  for (const { wording, types } of byLine.values()) {
    const key = wordingKey(wording);
    const entry = byWording.get(key) ?? { becomes: [], rows: 0 };
    const combination = [...new Set(types)].join(' + ');
    if (!entry.becomes.includes(combination)) entry.becomes.push(combination);
    entry.rows++;
    byWording.set(key, entry);
  }
  return [...byWording].map(([wording, { becomes, rows }]) => ({ wording, becomes: becomes.join(' or '), rows }));
}

/** "YOU BOUGHT APPLE INC (AAPL) (Cash)" and "YOU BOUGHT MICROSOFT (MSFT) (Cash)" are one wording: "YOU BOUGHT". */
export function wordingKey(wording: string): string {
  const m =
    /^(YOU BOUGHT|YOU SOLD|DIVIDEND RECEIVED|REINVESTMENT|ELECTRONIC FUNDS TRANSFER (?:RECEIVED|PAID)|INTEREST EARNED|FOREIGN TAX PAID|DISTRIBUTION|TRANSFERRED (?:FROM|TO))\b/i.exec(
      wording.trim(),
    );
  return m ? m[1] : wording.trim();
}

/** The ledger's fields in the order the preview lists them, and the layouts' own names for them. */
const MAPPED_FIELDS = [
  'date',
  'type',
  'symbol',
  'quantity',
  'price',
  'fee',
  'amount',
  'ratio',
  'note',
  'currency',
  'fxRate',
];
const FIELD_NAMES: Record<string, string> = {
  action: 'type', code: 'type', side: 'type', time: 'date', ticker: 'symbol', shares: 'quantity', commission: 'fee',
  total: 'amount', net: 'amount', value: 'amount', totalCurrency: 'currency',
}; // prettier-ignore

/** Which column of the file became which field of the ledger (the first table's, for a file of sections). */
function mappingOf<O>(found: Found<O>): Record<string, string> {
  const table = found.located.tables[0];
  if (!table) return {};
  const named: Record<string, string> = {};
  const names = columnNames(table.columns);
  for (const [field, header] of Object.entries(names)) {
    const as = FIELD_NAMES[field] ?? field;
    if (MAPPED_FIELDS.includes(as) && !(as in named)) named[as] = header;
  }
  Object.assign(
    named,
    table.derived?.((field) => names[field] ?? ''),
  );
  return Object.fromEntries(MAPPED_FIELDS.filter((f) => f in named).map((f) => [f, named[f]]));
}

function dateColumnOf<O>(found: Found<O>): string {
  const table = found.located.tables[0];
  const field = table?.dateField;
  const at = field ? table.columns.at[field] : -1;
  return at >= 0 ? `"${table.columns.header[at].trim()}"` : 'date';
}
