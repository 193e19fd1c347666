import { hasColumns } from '../columns';
import { draftsOf, feeSum } from '../drafts';
import { singleTable, type ActivityLayout, type ActivityOutcome, type Row } from '../layout';
import { kindOfWording, SKIP_REASONS } from '../wordings';

/**
 * Fidelity's Accounts_History.csv: two blank lines, then "Run Date,Action,Symbol,Description,Type,Quantity,
 * Price ($),Commission ($),Fees ($),Accrued Interest ($),Amount ($),[Cash Balance ($),]Settlement Date" (older
 * files: Account, Security Description, Security Type), newest first, and the disclaimer paragraphs below. The
 * Action says everything: "YOU BOUGHT APPLE INC (AAPL) (Cash)", "DIVIDEND RECEIVED …", "REINVESTMENT …",
 * "ELECTRONIC FUNDS TRANSFER RECEIVED (Cash)", "DISTRIBUTION …" (the shares a split added). Commission and fees
 * are two columns, both read. The core money market (SPAXX, FDRXX) is the account's cash.
 */

const ALIASES = {
  date: ['Run Date', 'Date'],
  action: ['Action'],
  symbol: ['Symbol'],
  description: ['Description', 'Security Description'],
  quantity: ['Quantity'],
  price: ['Price ($)', 'Price'],
  commission: ['Commission ($)', 'Commission'],
  fees: ['Fees ($)', 'Fees'],
  amount: ['Amount ($)', 'Amount'],
} as const;
type Field = keyof typeof ALIASES;

const AS_OF = /\bas of (\d{1,2}\/\d{1,2}\/\d{4})\b/i;

function read(row: Row<Field>): ActivityOutcome {
  const action = row.get('action');
  const symbol = row.get('symbol');
  const wording = action.replace(AS_OF, '').replace(/\s+/g, ' ').trim();
  const quantity = row.num('quantity');
  const amount = row.num('amount');
  const asOf = AS_OF.exec(action);
  const date = asOf ? asOf[1] : row.get('date');
  const fee = feeSum(row.num('commission'), row.num('fees'));
  if (/^DISTRIBUTION\b/i.test(wording) && quantity && (amount === null || amount.isZero()))
    return draftsOf('split', { date, wording, symbol, quantity, price: null, fee: null, amount: null });
  const kind = kindOfWording(wording);
  if (!kind) return { skip: SKIP_REASONS.unknown(wording), wording };
  return draftsOf(kind, {
    description: row.get('description'),
    date,
    wording,
    symbol,
    quantity,
    price: row.num('price'),
    fee,
    amount,
    note: null,
  });
}

export const fidelityHistory: ActivityLayout = {
  info: { id: 'fidelity-history', name: 'Fidelity — account history', kind: 'activities' },
  conventions: { dateOrder: 'mdy', decimal: '.', currency: 'USD', sortSameDay: true },
  locate: (records) =>
    singleTable(
      records,
      ALIASES,
      (c) => hasColumns(c, ['date', 'action', 'symbol', 'amount']) && c.header.some((h) => /run date|\(\$\)/i.test(h)),
      read,
      {
        dateField: 'date',
        derived: (name) => ({ fee: [name('commission'), name('fees')].filter((n) => n !== '').join(' + ') }),
      },
    ),
};
