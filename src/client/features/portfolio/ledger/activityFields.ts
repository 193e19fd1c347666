import { currencyOfSymbol, isPortfolioCurrency, PORTFOLIO_CURRENCY_LIST } from '../../../../shared/market/currency';
import { DATE_TOO_EARLY_MESSAGE, MIN_ACTIVITY_DATE } from '../../../../shared/portfolio/ledger/days';
import type { Activity, ActivityInput, ActivityType } from '../../../../shared/portfolio/ledger/types';

/** Which fields each activity type asks for (the rest are sent as null), and the form's values. */

export type ActivityField = 'symbol' | 'quantity' | 'price' | 'fee' | 'amount' | 'ratio';

export const FIELDS_OF: Record<ActivityType, readonly ActivityField[]> = {
  buy: ['symbol', 'quantity', 'price', 'fee'],
  sell: ['symbol', 'quantity', 'price', 'fee'],
  dividend: ['symbol', 'amount'],
  fee: ['amount', 'symbol'],
  split: ['symbol', 'ratio'],
  deposit: ['amount'],
  withdrawal: ['amount'],
  transfer_in: ['symbol', 'quantity', 'price'],
};

/** Fields a type may leave empty. */
const OPTIONAL: Partial<Record<ActivityType, readonly ActivityField[]>> = {
  buy: ['fee'],
  sell: ['fee'],
  fee: ['symbol'],
};

export const FIELD_LABELS: Record<ActivityField, string> = {
  symbol: 'Symbol',
  quantity: 'Quantity',
  price: 'Price per share',
  fee: 'Fee',
  amount: 'Amount',
  ratio: 'Split ratio',
};

/** A field's label for a type: shares transferred in have no trade price, only what they cost (decision 022). */
export const labelOf = (type: ActivityType, field: ActivityField): string =>
  type === 'transfer_in' && field === 'price'
    ? 'Cost per share'
    : type === 'fee' && field === 'symbol'
      ? 'Symbol (optional)'
      : FIELD_LABELS[field];

/** The fields that are amounts of money, in the activity's currency. */
export const MONEY_FIELDS: ReadonlySet<ActivityField> = new Set(['price', 'fee', 'amount']);

export interface ActivityFormValues {
  type: ActivityType;
  date: string;
  symbol: string;
  quantity: string;
  price: string;
  fee: string;
  amount: string;
  ratio: string;
  note: string;
  /** Issue 27 §3: the currency of price, fee and amount; '' follows `defaultCurrency` until one is picked. */
  currency: string;
}

/**
 * The currency an activity is recorded in unless another is picked: the symbol's listing currency (by its suffix,
 * as the server falls back to) when it is one the ledger converts, else the portfolio's base for cash. Null for a
 * symbol listed in a currency the ledger cannot convert: the server then says so when the form is sent.
 */
export function defaultCurrency(v: Pick<ActivityFormValues, 'type' | 'symbol'>, base: string): string | null {
  const symbol = FIELDS_OF[v.type].includes('symbol') ? v.symbol.trim().toUpperCase() : '';
  if (!symbol) return base;
  const listing = currencyOfSymbol(symbol);
  return isPortfolioCurrency(listing) ? listing : null;
}

/** The currency the form shows and sends: the one picked, else the default. */
export const currencyOf = (v: ActivityFormValues, base: string): string | null =>
  v.currency || defaultCurrency(v, base);

export function emptyValues(date: string): ActivityFormValues {
  return {
    type: 'buy',
    date,
    symbol: '',
    quantity: '',
    price: '',
    fee: '',
    amount: '',
    ratio: '',
    note: '',
    currency: '',
  };
}

export function valuesOf(a: Activity): ActivityFormValues {
  return {
    type: a.type,
    date: a.date,
    symbol: a.symbol ?? '',
    quantity: a.quantity ?? '',
    price: a.price ?? '',
    fee: a.fee ?? '',
    amount: a.amount ?? '',
    ratio: a.ratio ?? '',
    note: a.note ?? '',
    currency: a.currency ?? '',
  };
}

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The checks the form can make before asking the server (which checks again, with the ledger: held quantities,
 * cash, known symbols). Empty object when there is nothing to say.
 */
export function fieldErrors(
  v: ActivityFormValues,
  today: string,
): Partial<Record<ActivityField | 'date' | 'currency', string>> {
  const errors: Partial<Record<ActivityField | 'date' | 'currency', string>> = {};
  if (v.currency && !isPortfolioCurrency(v.currency))
    errors.currency = `Currency must be one of ${PORTFOLIO_CURRENCY_LIST}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) errors.date = 'Date is required';
  else if (v.date > today) errors.date = 'The date cannot be in the future';
  else if (v.date < MIN_ACTIVITY_DATE) errors.date = DATE_TOO_EARLY_MESSAGE;
  const optional = OPTIONAL[v.type] ?? [];
  for (const field of FIELDS_OF[v.type]) {
    const value = v[field].trim();
    if (!value) {
      if (!optional.includes(field)) errors[field] = `${FIELD_LABELS[field]} is required`;
      continue;
    }
    if (field === 'symbol') continue;
    if (field === 'ratio') {
      if (!/^[1-9]\d*:[1-9]\d*$/.test(value)) errors.ratio = 'Two positive whole numbers, such as 4:1';
      continue;
    }
    if (!DECIMAL.test(value.replace(/,/g, ''))) errors[field] = 'Enter a number, such as 12.50';
    else if (Number(value.replace(/,/g, '')) <= 0 && (field === 'quantity' || field === 'amount'))
      errors[field] = 'Must be more than 0';
  }
  return errors;
}

/** What the API takes: the type's fields, the others null, and the currency shown (null: the server decides). */
export function inputOf(v: ActivityFormValues, base: string): ActivityInput {
  const used = FIELDS_OF[v.type];
  const pick = (field: ActivityField) => {
    const raw = v[field].trim();
    // Thousands separators are accepted in numbers ("1,250.00"); symbols are upper case.
    const value = field === 'symbol' ? raw.toUpperCase() : field === 'ratio' ? raw : raw.replace(/,/g, '');
    return used.includes(field) && value ? value : null;
  };
  return {
    type: v.type,
    date: v.date,
    symbol: pick('symbol'),
    quantity: pick('quantity'),
    price: pick('price'),
    fee: pick('fee'),
    amount: pick('amount'),
    ratio: pick('ratio'),
    note: v.note.trim() || null,
    currency: currencyOf(v, base),
  };
}
