import { Dec } from '../../decimal';
import { MAX_PRICE_DECIMALS } from '../../limits';
import { hasColumns } from '../columns';
import { draftsOf, feeSum } from '../drafts';
import { symbolOfIsin } from '../isin';
import { singleTable, type ActivityLayout, type ActivityOutcome, type Row } from '../layout';
import { kindOfWording, SKIP_REASONS, type WordKind } from '../wordings';

/**
 * Portfolio Performance's CSV export of transactions: "Date;Type;Value;Transaction Currency;Gross Amount;Currency
 * Gross Amount;Exchange Rate;Fees;Taxes;Shares;ISIN;WKN;Ticker Symbol;Security Name;Note" (German: Datum;Typ;Wert;
 * Buchungswährung;Bruttobetrag;…;Gebühren;Steuern;Stück;…), numbers in the exporting locale. "Value" is what the
 * account paid or got, fees and taxes included: the price is (value − fees − taxes) ÷ shares for a buy and
 * (value + fees + taxes) ÷ shares for a sale, so the fee is counted once (a reader that took value ÷ shares and added
 * the fee again reported 265.00 realised instead of 266.50). Taxes on a trade are part of its fee here.
 */

const ALIASES = {
  date: ['Date', 'Datum'],
  type: ['Type', 'Typ'],
  value: ['Value', 'Wert'],
  currency: ['Transaction Currency', 'Buchungswährung'],
  fxRate: ['Exchange Rate', 'Wechselkurs'],
  fees: ['Fees', 'Gebühren'],
  taxes: ['Taxes', 'Steuern'],
  shares: ['Shares', 'Stück'],
  isin: ['ISIN'],
  ticker: ['Ticker Symbol', 'Ticker-Symbol'],
  name: ['Security Name', 'Wertpapiername'],
  note: ['Note', 'Notiz'],
} as const;
type Field = keyof typeof ALIASES;

const TYPES: Record<string, WordKind> = {
  'delivery (inbound)': 'buy',
  einlieferung: 'buy',
  'delivery (outbound)': 'security-transfer',
  auslieferung: 'security-transfer',
  'interest charge': 'fee',
  zinsbelastung: 'fee',
  'umbuchung (eingang)': 'deposit',
  'umbuchung (ausgang)': 'withdrawal',
};

function read(row: Row<Field>): ActivityOutcome {
  const wording = row.get('type');
  const kind = TYPES[wording.toLowerCase()] ?? kindOfWording(wording);
  if (!kind) return { skip: SKIP_REASONS.unknown(wording), wording };
  const value = row.num('value')?.abs() ?? null;
  const charges = feeSum(row.num('fees'), row.num('taxes'));
  const shares = row.num('shares')?.abs() ?? null;
  const symbol = row.get('ticker') || symbolOfIsin(row.get('isin')) || row.get('isin');
  let price: Dec | null = null;
  if ((kind === 'buy' || kind === 'sell') && value && shares && shares.gt(0)) {
    const gross = kind === 'buy' ? value.minus(charges ?? 0) : value.plus(charges ?? 0);
    price = gross.div(shares).toDecimalPlaces(MAX_PRICE_DECIMALS);
  }
  const taxes = row.num('taxes');
  const note =
    kind === 'dividend' && taxes && !taxes.isZero()
      ? `Net of ${taxes.abs().toFixed()} taxes`
      : /^(delivery|einlieferung)/i.test(wording)
        ? wording
        : row.get('note') || null;
  return draftsOf(kind, {
    date: row.get('date'),
    wording,
    symbol,
    quantity: shares,
    price,
    fee: charges,
    amount: value,
    note,
    currency: row.get('currency').toUpperCase() || null,
    fxRate: row.get('fxRate') || null,
  });
}

export const portfolioPerformance: ActivityLayout = {
  info: { id: 'portfolio-performance', name: 'Portfolio Performance — transactions export', kind: 'activities' },
  conventions: {},
  locate: (records) =>
    singleTable(records, ALIASES, (c) => hasColumns(c, ['date', 'type', 'value', 'fees', 'taxes', 'shares']), read, {
      dateField: 'date',
      derived: (name) => ({
        price: `(${name('value')} ∓ ${name('fees')} ∓ ${name('taxes')}) ÷ ${name('shares')}`,
        fee: `${name('fees')} + ${name('taxes')}`,
      }),
    }),
};
