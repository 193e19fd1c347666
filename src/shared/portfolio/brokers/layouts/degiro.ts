import { headerKey } from '../columns';
import { rowCurrency } from '../currencyRule';
import { feeSum, trade } from '../drafts';
import { symbolOfIsin } from '../isin';
import { RowProblem, singleTable, type ActivityLayout, type ActivityOutcome, type Row } from '../layout';
import type { Columns } from '../columns';

/**
 * DEGIRO's Transactions.csv, English or German. Older files: "Date,Time,Product,ISIN,Reference,Venue,Quantity,Price,
 * ,Local value,,Value,,Exchange rate,Transaction and/or third,,Total,,Order ID" (each amount followed by an unnamed
 * currency column); newer ones name the account currency in the header ("Value EUR", "AutoFX Fee", "Total EUR").
 * German: Datum, Uhrzeit, Produkt, Anzahl, Kurs, Wert, Wechselkurs, Transaktionskosten, Gesamt, with decimal commas.
 * Dates are day first (04-12-2023); a negative quantity is a sale; products are named by ISIN, not ticker.
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

/** A money column found by the start of its name, with its currency: in the name, or in the unnamed cell after it. */
function money(columns: Columns<Field>, starts: readonly string[]) {
  const keys = columns.header.map(headerKey);
  const at = keys.findIndex((k) => starts.some((s) => k.startsWith(s)));
  if (at < 0) return null;
  const named = /\b([A-Z]{3})$/.exec(columns.header[at].trim());
  return { at, currencyAt: named ? -1 : keys[at + 1] === '' ? at + 1 : -1, currency: named ? named[1] : null };
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

function read(row: Row<Field>): ActivityOutcome {
  const cols = row.columns;
  const cellAt = (i: number) => (i >= 0 ? (row.record.cells[i] ?? '').trim() : '');
  const amountOf = (starts: readonly string[]) => {
    const m = money(cols, starts);
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
  const isin = row.get('isin');
  const symbol = symbolOfIsin(isin);
  if (!symbol)
    throw new RowProblem(
      `No ticker is known for ${product || 'this product'} (ISIN ${isin || 'missing'}): DEGIRO names products only by ISIN`,
    );
  const priceCurrencyAt = cols.at.price >= 0 && cols.header[cols.at.price + 1]?.trim() === '' ? cols.at.price + 1 : -1;
  const fee = amountOf(FEE_STARTS);
  const autoFx = amountOf(AUTOFX_STARTS);
  const total = amountOf(TOTAL_STARTS);
  const draft = trade(quantity.isNegative() ? 'sell' : 'buy', {
    date: row.get('date'),
    symbol,
    quantity,
    price: row.num('price'),
    fee: feeSum(fee.value, autoFx.value),
    net: total.value,
    note: product || null,
    currency: rowCurrency([cellAt(priceCurrencyAt), fee.currency, total.currency]),
    fxRate: row.get('fxRate') || null,
  });
  return { drafts: [draft], wording };
}

function degiroMapping(name: (field: Field) => string): Record<string, string> {
  return {
    type: `sign of ${name('quantity')}`,
    symbol: `${name('isin')} (looked up)`,
    fee: 'Transaction costs + AutoFX fee',
    amount: 'Total',
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
