import { findColumns, hasColumns } from '../columns';
import { draftsOf } from '../drafts';
import type { ActivityLayout, ActivityOutcome, Row } from '../layout';
import { kindOfWording, SKIP_REASONS } from '../wordings';

/**
 * Vanguard's OfxDownload.csv: two files in one. First the holdings ("Account Number,Investment Name,Symbol,Shares,
 * Share Price,Total Value,"), then, after blank lines, the transactions ("Account Number,Trade Date,Settlement Date,
 * Transaction Type,Transaction Description,Investment Name,Symbol,Shares,Share Price,Principal Amount,Commissions and
 * Fees,Net Amount,Accrued Interest,Account Type,"), newest first. The transactions part is read; "Commissions and
 * Fees" is the fee, "Funds Received" a deposit into the settlement fund (VMFXX), "Sweep in/out" is cash staying cash,
 * "Dividend" then "Reinvestment" a dividend reinvested.
 */

const ALIASES = {
  date: ['Trade Date'],
  type: ['Transaction Type'],
  description: ['Transaction Description'],
  name: ['Investment Name'],
  symbol: ['Symbol'],
  quantity: ['Shares'],
  price: ['Share Price'],
  principal: ['Principal Amount'],
  fee: ['Commissions and Fees', 'Commission and Fees', 'Commissions & Fees'],
  amount: ['Net Amount'],
  account: ['Account Number'],
} as const;
type Field = keyof typeof ALIASES;

function read(row: Row<Field>): ActivityOutcome {
  const wording = row.get('type');
  const symbol = row.get('symbol');
  const kind = kindOfWording(wording) ?? kindOfWording(row.get('description'));
  if (!kind) return { skip: SKIP_REASONS.unknown(wording), wording };
  const cashOnly = kind === 'deposit' || kind === 'withdrawal' || kind === 'transfer';
  return draftsOf(kind, {
    description: row.get('name'),
    date: row.get('date'),
    wording,
    symbol: cashOnly ? '' : symbol,
    quantity: row.num('quantity'),
    price: kind === 'split' || kind === 'dividend' ? null : row.num('price'),
    fee: row.num('fee'),
    amount: row.num('amount') ?? row.num('principal'),
  });
}

export const vanguard: ActivityLayout = {
  info: { id: 'vanguard-transactions', name: 'Vanguard — transactions (OfxDownload)', kind: 'activities' },
  conventions: { dateOrder: 'mdy', decimal: '.', currency: 'USD', sortSameDay: true },
  locate(records) {
    // The transactions' header starts like the holdings' ("Account Number,…"): only those lines are looked at.
    const at = records.findIndex(
      (r) =>
        r.cells[0]?.trim() === 'Account Number' &&
        hasColumns(findColumns(r.cells, ALIASES), ['date', 'type', 'fee', 'amount']),
    );
    if (at < 0) return null;
    const holdings = records.slice(0, at).filter((r) => r.cells[0]?.trim() && !/account number/i.test(r.cells[0]));
    return {
      tables: [
        {
          columns: findColumns(records[at].cells, ALIASES),
          header: records[at],
          rows: records.slice(at + 1),
          read,
          dateField: 'date',
        },
      ],
      outside: holdings.map((r) => ({
        line: r.line,
        wording: `${r.cells[2]?.trim() || r.cells[1]?.trim() || 'Holding'} (holdings part)`,
        reason: 'The holdings part of the file: it has no cost basis, so it is not imported (the transactions are)',
      })),
    };
  },
};
