import { ACTIVITY_CSV_COLUMNS } from '../../ledger/csv';
import { ACTIVITY_TYPES } from '../../ledger/types';
import { hasColumns } from '../columns';
import { draftsOf, feeSum } from '../drafts';
import { singleTable, type ActivityLayout, type ActivityOutcome, type Row } from '../layout';
import { currencyInCell } from '../numbers';
import { kindOfWording, SKIP_REASONS, type WordKind } from '../wordings';

/**
 * A plain activities file read by its column names (issue 21's reader, kept as the fallback): Date, Type/Action,
 * Symbol/Ticker, Quantity/Shares, Price, Fee/Commission, Amount/Total, Ratio, Note/Description, and a Currency or
 * exchange-rate column when there is one. Tickwise's own export is this layout with exactly its columns.
 */

const ALIASES = {
  date: ['date', 'tradedate', 'transactiondate', 'settlementdate', 'rundate', 'activitydate', 'datum', 'buchungstag'],
  type: ['type', 'action', 'transaction', 'transactiontype', 'activity', 'activitytype', 'transcode', 'typ', 'buchungsart'],
  symbol: ['symbol', 'ticker', 'tickersymbol', 'security', 'securitysymbol', 'instrument'],
  quantity: ['quantity', 'qty', 'shares', 'units', 'noofshares', 'stück', 'anzahl'],
  price: ['price', 'unitprice', 'shareprice', 'pricepershare', 'tradeprice', 'kurs'],
  fee: ['fee', 'fees', 'feescommissions', 'feescomm', 'commissionfees', 'commissionsandfees', 'feesandcommissions', 'gebühren', 'gebühr'],
  commission: ['commission', 'commissions'],
  amount: ['amount', 'total', 'netamount', 'value', 'totalamount', 'betrag', 'wert'],
  ratio: ['ratio', 'splitratio'],
  note: ['note', 'notes', 'description', 'memo', 'comment', 'notiz'],
  currency: ['currency', 'currencycode', 'ccy', 'währung'],
  fxRate: ['exchangerate', 'fxrate', 'fxratetobase', 'wechselkurs'],
}; // prettier-ignore
type Field = keyof typeof ALIASES;

/** The ledger's own type names first, so an exported file reads back exactly. */
function kindOf(word: string): WordKind | null {
  const plain = word.trim().toLowerCase();
  if ((ACTIVITY_TYPES as readonly string[]).includes(plain)) return plain as WordKind;
  return kindOfWording(word);
}

/** The apostrophe the export puts before text a spreadsheet would run as a formula comes off again. */
const unguarded = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

function read(row: Row<Field>): ActivityOutcome {
  const wording = row.get('type');
  const kind = kindOf(wording);
  if (!kind) return { skip: SKIP_REASONS.unknown(wording), wording };
  const amountCell = row.get('amount') || row.get('price');
  return draftsOf(kind, {
    date: row.get('date'),
    wording,
    symbol: unguarded(row.get('symbol')),
    quantity: row.num('quantity'),
    price: row.num('price'),
    fee: feeSum(row.num('fee'), row.num('commission')),
    amount: row.num('amount'),
    ratio: row.get('ratio') || null,
    note: unguarded(row.get('note')) || null,
    currency: row.get('currency').toUpperCase() || (amountCell ? currencyInCell(amountCell) : null),
    description: row.get('note'),
    fxRate: row.get('fxRate') || null,
  });
}

const TICKWISE_HEADER = ACTIVITY_CSV_COLUMNS.join(',');

/** A file with both a fees and a commission column has its fee as their sum. */
function fees(name: (field: Field) => string): Record<string, string> {
  const both = [name('fee'), name('commission')].filter((n) => n !== '');
  return both.length === 2 ? { fee: both.join(' + ') } : {};
}

export const tickwiseExport: ActivityLayout = {
  info: { id: 'tickwise', name: 'Tickwise activities export', kind: 'activities' },
  conventions: {},
  locate: (records) =>
    singleTable(records, ALIASES, (_c, cells) => cells.join(',') === TICKWISE_HEADER, read, { dateField: 'date' }, 1),
};

export const plainActivities: ActivityLayout = {
  info: { id: 'plain-activities', name: 'Activities file (columns by name)', kind: 'activities' },
  conventions: {},
  locate: (records) =>
    singleTable(records, ALIASES, (c) => hasColumns(c, ['date', 'type']), read, { dateField: 'date', derived: fees }),
};
