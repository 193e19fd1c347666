import { headerKey, hasColumns } from '../columns';
import { currencyCode, rowCurrency } from '../currencyRule';
import { draftsOf, feeSum } from '../drafts';
import { feesInListing, type Charge } from '../foreignTrade';
import { listingAbroad } from '../isin';
import { singleTable, type ActivityLayout, type ActivityOutcome, type Row } from '../layout';
import { kindOfWording, SKIP_REASONS } from '../wordings';

/**
 * Trading 212's history export: "Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),
 * Exchange rate,Result,Currency (Result),Total,Currency (Total),…" with only the fee and tax columns the period used
 * ("Withholding tax", "Currency conversion fee", "Stamp duty reserve tax", "French transaction tax", "Transaction
 * fee", "Finra fee"), each followed by its currency. Commas, or semicolons when a spreadsheet saved it again. Actions:
 * "Market buy", "Limit sell", "Dividend (Dividend)", "Deposit", "Interest on cash", "Currency conversion", ...
 * A share listed in another currency than the account's has its price in the listing's currency and its total and
 * fees in the account's, with the rate between them: it is recorded in the listing's currency, the fees converted at
 * that rate (foreignTrade.ts). A London or European listing is named by its ISIN and currency ("VWRL" in pounds is
 * VWRL.L), as the market knows it.
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

function charges(row: Row<Field>): Charge[] {
  const header = row.columns.header.map(headerKey);
  const found: Charge[] = [];
  header.forEach((key, i) => {
    const isCurrencyColumn = /^currency \(/i.test(row.columns.header[i].trim());
    if (!FEE_COLUMN.test(key) || isCurrencyColumn || key === 'withholdingtax') return;
    const amount = row.numberIn((row.record.cells[i] ?? '').trim(), row.columns.header[i].trim());
    if (amount === null) return;
    const currency = header.indexOf(`currency${key}`);
    found.push({ amount, currency: currency >= 0 ? (row.record.cells[currency] ?? '').trim() || null : null });
  });
  return found;
}

/**
 * The fees of a trade in its activity's currency: as they are when the price and total share one, else converted
 * from the account's currency. The total is left aside then (it is the account's), so it never sets the price.
 */
function tradeMoney(row: Row<Field>, kind: 'buy' | 'sell', charged: Charge[]) {
  const listing = row.get('priceCurrency');
  const account = row.get('totalCurrency');
  if (!listing || !account || currencyCode(listing) === currencyCode(account))
    return {
      fee: feeSum(...charged.map((c) => c.amount)),
      amount: row.num('total'),
      currency: rowCurrency([listing, account, ...charged.map((c) => c.currency)]),
    };
  const quantity = row.num('quantity');
  const price = row.num('price');
  const total = row.num('total')?.abs() ?? null;
  const inAccount = charged.filter((c) => !c.currency || currencyCode(c.currency) === currencyCode(account));
  const accountFees = feeSum(...inAccount.map((c) => c.amount));
  const grossInAccount = total && (kind === 'buy' ? total.minus(accountFees ?? 0) : total.plus(accountFees ?? 0));
  const fee = feesInListing(charged, {
    listing,
    account,
    rate: /^\d/.test(row.get('fxRate')) ? row.num('fxRate') : null,
    gross: quantity && price ? quantity.times(price).abs() : null,
    grossInAccount,
  });
  return { fee, amount: null, currency: rowCurrency([listing]) };
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
  const charged = charges(row);
  const isTrade = kind === 'buy' || kind === 'sell';
  const withholding = row.num('withholding');
  const note =
    kind === 'dividend' && withholding && !withholding.isZero()
      ? `Withholding tax ${withholding.abs().toFixed()} ${row.get('withholdingCurrency')}`.trim()
      : null;
  const money = isTrade
    ? tradeMoney(row, kind, charged)
    : {
        fee: feeSum(...charged.map((c) => c.amount)),
        amount: row.num('total'),
        currency: rowCurrency([row.get('totalCurrency')]),
      };
  return draftsOf(kind, {
    date: row.get('time'),
    wording,
    symbol: listingAbroad(row.get('isin'), row.get('priceCurrency') || row.get('totalCurrency')) ?? row.get('ticker'),
    quantity: row.num('quantity'),
    price: isTrade ? row.num('price') : null,
    ...money,
    note,
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
