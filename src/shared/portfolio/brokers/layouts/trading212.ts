import { headerKey, hasColumns } from '../columns';
import { rowCurrency } from '../currencyRule';
import { draftsOf, feeSum } from '../drafts';
import { singleTable, type ActivityLayout, type ActivityOutcome, type Row } from '../layout';
import { kindOfWording, SKIP_REASONS } from '../wordings';
import type { Dec } from '../../decimal';

/**
 * Trading 212's history export: "Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),
 * Exchange rate,Result,Currency (Result),Total,Currency (Total),…" with only the fee and tax columns the period used
 * ("Withholding tax", "Currency conversion fee", "Stamp duty reserve tax", "French transaction tax", "Transaction
 * fee", "Finra fee"), each followed by its currency. Commas, or semicolons when a spreadsheet saved it again. Actions:
 * "Market buy", "Limit sell", "Dividend (Dividend)", "Deposit", "Interest on cash", "Currency conversion", ...
 */

const ALIASES = {
  action: ['Action'],
  time: ['Time'],
  isin: ['ISIN'],
  ticker: ['Ticker'],
  name: ['Name'],
  quantity: ['No. of shares'],
  price: ['Price / share'],
  priceCurrency: ['Currency (Price / share)'],
  fxRate: ['Exchange rate'],
  total: ['Total'],
  totalCurrency: ['Currency (Total)'],
  withholding: ['Withholding tax'],
  withholdingCurrency: ['Currency (Withholding tax)'],
  notes: ['Notes'],
} as const;
type Field = keyof typeof ALIASES;

/** Every charge of a trade: the columns whose name says fee, tax or duty (withholding is a dividend's, not a fee). */
const FEE_COLUMN = /(fee|tax|duty|charge)$/;

function fees(row: Row<Field>): { fee: Dec | null; currencies: string[] } {
  const header = row.columns.header.map(headerKey);
  const found: Array<Dec | null> = [];
  const currencies: string[] = [];
  header.forEach((key, i) => {
    const isCurrencyColumn = /^currency \(/i.test(row.columns.header[i].trim());
    if (!FEE_COLUMN.test(key) || isCurrencyColumn || key === 'withholdingtax') return;
    const amount = row.numberIn((row.record.cells[i] ?? '').trim(), row.columns.header[i].trim());
    if (amount === null) return;
    found.push(amount);
    const currency = header.indexOf(`currency${key}`);
    if (currency >= 0) currencies.push((row.record.cells[currency] ?? '').trim());
  });
  return { fee: feeSum(...found), currencies };
}

function read(row: Row<Field>): ActivityOutcome {
  const wording = row.get('action');
  if (/^stock split (open|close)$/i.test(wording))
    return {
      skip: 'Trading 212 writes a split as the position closed and opened again: add the split by hand with its ratio',
      wording,
    };
  const kind = kindOfWording(wording);
  if (!kind) return { skip: SKIP_REASONS.unknown(wording), wording };
  const { fee, currencies } = fees(row);
  const isTrade = kind === 'buy' || kind === 'sell';
  const withholding = row.num('withholding');
  const note =
    kind === 'dividend' && withholding && !withholding.isZero()
      ? `Withholding tax ${withholding.abs().toFixed()} ${row.get('withholdingCurrency')}`.trim()
      : null;
  return draftsOf(kind, {
    date: row.get('time'),
    wording,
    symbol: row.get('ticker'),
    quantity: row.num('quantity'),
    price: isTrade ? row.num('price') : null,
    fee,
    amount: row.num('total'),
    note,
    currency: rowCurrency(
      isTrade ? [row.get('priceCurrency'), row.get('totalCurrency'), ...currencies] : [row.get('totalCurrency')],
    ),
    fxRate: /^\d/.test(row.get('fxRate')) ? row.get('fxRate') : null,
  });
}

export const trading212: ActivityLayout = {
  info: { id: 'trading212-history', name: 'Trading 212 — history', kind: 'activities' },
  conventions: {},
  locate: (records) =>
    singleTable(records, ALIASES, (c) => hasColumns(c, ['action', 'time', 'quantity', 'price', 'total']), read, {
      dateField: 'time',
    }),
};
