import { hasColumns } from '../columns';
import { draftsOf } from '../drafts';
import { singleTable, type ActivityLayout, type ActivityOutcome, type Row } from '../layout';
import { kindOfWording, SKIP_REASONS } from '../wordings';

/**
 * Charles Schwab's transactions export: a title line ("Transactions  for account Individual ...123 as of …"), then
 * "Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount", newest first, dates such as
 * "01/18/2024 as of 01/16/2024", and a "Transactions Total" line. "Reinvest Dividend" and "Reinvest Shares" are the
 * two halves of a reinvestment; "Stock Split" gives the shares added; "Fees & Comm" is read, never dropped.
 */

const ALIASES = {
  date: ['Date'],
  action: ['Action'],
  symbol: ['Symbol'],
  description: ['Description'],
  quantity: ['Quantity'],
  price: ['Price'],
  fee: ['Fees & Comm', 'Fees & Commissions'],
  amount: ['Amount'],
} as const;
type Field = keyof typeof ALIASES;

function read(row: Row<Field>): ActivityOutcome {
  const wording = row.get('action');
  const symbol = row.get('symbol');
  if (/total/i.test(row.get('date'))) return { skip: SKIP_REASONS.total, wording: row.get('date') };
  if (/^reverse split$/i.test(wording))
    return {
      skip: 'A reverse split is written as two rows without its ratio: add the split by hand with its ratio (such as 1:10)',
      wording,
    };
  const kind = kindOfWording(wording);
  if (!kind) return { skip: SKIP_REASONS.unknown(wording), wording };
  return draftsOf(kind, {
    description: row.get('description'),
    date: row.get('date'),
    wording,
    symbol,
    quantity: row.num('quantity'),
    price: kind === 'split' ? null : row.num('price'),
    fee: row.num('fee'),
    amount: row.num('amount'),
    note: kind === 'fee' || kind === 'tax' ? row.get('description') || null : null,
  });
}

export const schwabTransactions: ActivityLayout = {
  info: { id: 'schwab-transactions', name: 'Charles Schwab — transactions', kind: 'activities' },
  conventions: { dateOrder: 'mdy', decimal: '.', currency: 'USD', sortSameDay: true },
  locate: (records) =>
    singleTable(
      records,
      ALIASES,
      (c) => hasColumns(c, ['date', 'action', 'symbol', 'description', 'fee', 'amount']),
      read,
      {
        dateField: 'date',
      },
    ),
};
