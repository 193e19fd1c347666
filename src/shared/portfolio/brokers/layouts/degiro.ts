import { headerKey } from '../columns';
import { currencyCode, rowCurrency } from '../currencyRule';
import { feeSum, trade } from '../drafts';
import { feesInListing } from '../foreignTrade';
import { symbolOfIsin } from '../isin';
import { RowProblem, singleTable, type ActivityLayout, type ActivityOutcome, type Row } from '../layout';
import type { Columns } from '../columns';

/**
 * DEGIRO's Transactions.csv, English or German. Older files: "Date,Time,Product,ISIN,Reference,Venue,Quantity,Price,
 * ,Local value,,Value,,Exchange rate,Transaction and/or third,,Total,,Order ID" (each amount followed by an unnamed
 * currency column); newer ones name the account currency in the header ("Value EUR", "AutoFX Fee", "Total EUR").
 * German: Datum, Uhrzeit, Produkt, Anzahl, Kurs, Wert, Wechselkurs, Transaktionskosten, Gesamt, with decimal commas.
 * Dates are day first (04-12-2023); a negative quantity is a sale; products are named by ISIN, not ticker. A share
 * listed in another currency than the account's (a USD fund bought from a EUR account) has its price and local value
 * in the listing's currency and its value, fees and total in the account's: it is recorded in the listing's, the fees
 * converted at the row's exchange rate (foreignTrade.ts).
 */

const ALIASES = {
  date: ['Date', 'Datum'],
  product: ['Product', 'Produkt'],
  isin: ['ISIN'],
  quantity: ['Quantity', 'Anzahl'],
  price: ['Price', 'Kurs'],
  fxRate: ['Exchange rate', 'Wechselkurs'],
  orderId: ['Order ID', 'Order-ID'],
} as const;
type Field = keyof typeof ALIASES;

interface MoneyColumn {
  at: number;
  currencyAt: number;
  currency: string | null;
}

/** Found once per table (every row of a file asks for the same five), not once per row. */
const found = new WeakMap<Columns<Field>, Map<readonly string[], MoneyColumn | null>>();

/** A money column found by the start of its name, with its currency: in the name, or in the unnamed cell after it. */
function money(columns: Columns<Field>, starts: readonly string[], except: readonly string[] = []): MoneyColumn | null {
  const known = found.get(columns) ?? new Map<readonly string[], MoneyColumn | null>();
  found.set(columns, known);
  if (known.has(starts)) return known.get(starts)!;
  const keys = columns.header.map(headerKey);
  const at = keys.findIndex((k) => starts.some((s) => k.startsWith(s)) && !except.some((s) => k.startsWith(s)));
  const named = at < 0 ? null : /\b([A-Z]{3})$/.exec(columns.header[at].trim());
  const column =
    at < 0
      ? null
      : { at, currencyAt: named ? -1 : keys[at + 1] === '' ? at + 1 : -1, currency: named ? named[1] : null };
  known.set(starts, column);
  return column;
}

const FEE_STARTS = [
  'transactionandorthird',
  'transactioncosts',
  'transactionfee',
  'transaktionskosten',
  'transaktionsgebühr',
  'kosten',
];
const AUTOFX_STARTS = ['autofx'];
const TOTAL_STARTS = ['total', 'gesamt'];
/** The trade's value in the listing's currency, and in the account's ("Wert EUR", not "Wert in Lokalwährung"). */
const LOCAL_STARTS = ['localvalue', 'wertinlokal'];
const VALUE_STARTS = ['value', 'wert'];

function read(row: Row<Field>): ActivityOutcome {
  const cols = row.columns;
  const cellAt = (i: number) => (i >= 0 ? (row.record.cells[i] ?? '').trim() : '');
  const amountOf = (starts: readonly string[], except: readonly string[] = []) => {
    const m = money(cols, starts, except);
    if (!m) return { value: null, currency: null };
    return {
      value: row.numberIn(cellAt(m.at), cols.header[m.at].trim()),
      currency: m.currency ?? (cellAt(m.currencyAt) || null),
    };
  };
  const quantity = row.num('quantity');
  const product = row.get('product');
  const wording = quantity?.isNegative() ? 'Sale' : 'Purchase';
  if (!quantity || quantity.isZero()) throw new RowProblem('Quantity is required');
  const priceCurrencyAt = cols.at.price >= 0 && cols.header[cols.at.price + 1]?.trim() === '' ? cols.at.price + 1 : -1;
  const price = row.num('price');
  const local = amountOf(LOCAL_STARTS);
  const fee = amountOf(FEE_STARTS);
  const autoFx = amountOf(AUTOFX_STARTS);
  const total = amountOf(TOTAL_STARTS);
  const value = amountOf(VALUE_STARTS, LOCAL_STARTS);
  const listing = cellAt(priceCurrencyAt) || local.currency;
  const account = total.currency ?? value.currency ?? fee.currency;
  const isin = row.get('isin');
  const symbol = symbolOfIsin(isin, listing);
  if (!symbol)
    throw new RowProblem(
      `No ticker is known for ${product || 'this product'} (ISIN ${isin || 'missing'}): DEGIRO names products only by ISIN`,
    );
  const foreign = listing && account && currencyCode(listing) !== currencyCode(account);
  const common = {
    date: row.get('date'),
    symbol,
    quantity,
    price,
    note: product || null,
    fxRate: row.get('fxRate') || null,
  };
  if (!foreign) {
    const draft = trade(quantity.isNegative() ? 'sell' : 'buy', {
      ...common,
      fee: feeSum(fee.value, autoFx.value),
      net: total.value,
      currency: rowCurrency([listing, fee.currency, total.currency]),
    });
    return { drafts: [draft], wording };
  }
  // The account's amounts (value, fees, total) are not the listing's: the fees are converted, the total left aside.
  const fees = feesInListing(
    [
      { amount: fee.value, currency: fee.currency },
      { amount: autoFx.value, currency: autoFx.currency },
    ],
    {
      listing,
      account,
      rate: row.num('fxRate'),
      gross: local.value?.abs() ?? (price ? price.times(quantity).abs() : null),
      grossInAccount: value.value?.abs() ?? null,
    },
  );
  const draft = trade(quantity.isNegative() ? 'sell' : 'buy', {
    ...common,
    fee: fees,
    net: null,
    currency: rowCurrency([listing]),
  });
  return { drafts: [draft], wording };
}

function degiroMapping(name: (field: Field) => string): Record<string, string> {
  return {
    type: `sign of ${name('quantity')}`,
    symbol: `${name('isin')} (looked up)`,
    fee: 'Transaction costs + AutoFX fee (in the price’s currency, at the exchange rate)',
    amount: 'Total',
    currency: 'the price’s currency',
  };
}

export const degiro: ActivityLayout = {
  info: { id: 'degiro-transactions', name: 'DEGIRO — transactions', kind: 'activities' },
  conventions: { dateOrder: 'dmy' },
  locate: (records) =>
    singleTable(
      records,
      ALIASES,
      (c) =>
        c.at.isin >= 0 && c.at.product >= 0 && c.at.quantity >= 0 && c.at.price >= 0 && money(c, TOTAL_STARTS) !== null,
      read,
      { dateField: 'date', derived: degiroMapping },
    ),
};
