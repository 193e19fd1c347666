import { bareSymbol, isCashLine } from '../cash';
import { hasColumns } from '../columns';
import { singleTable, type PositionLayout, type PositionOutcome, type Row } from '../layout';
import { currencyInCell } from '../numbers';

/**
 * A plain positions file read by its column names (issue 10's reader, kept as the fallback): Symbol/Ticker,
 * Quantity/Shares, an average cost (Average Cost Basis, Avg Cost, Cost per Share) or a total cost basis divided by the
 * quantity, and, when there is one, a purchase date (Purchase Date, Acquired, Open Date) and a currency. A "Price"
 * column is the price now, not what was paid, so it is never taken as the average cost. Tickwise's own holdings
 * export is this layout.
 */

const ALIASES = {
  symbol: ['symbol', 'ticker', 'tickersymbol', 'securitysymbol', 'instrumentsymbol'],
  quantity: ['quantity', 'qty', 'shares', 'sharesheld', 'units', 'quantityheld', 'stück', 'anzahl'],
  averagePrice: ['averageprice', 'avgprice', 'averagecost', 'avgcost', 'averagecostbasis', 'avgcostbasis', 'averagecostpershare', 'costpershare', 'costbasispershare', 'unitcost', 'purchaseprice', 'einstandskurs'],
  costTotal: ['costbasis', 'costbasistotal', 'totalcostbasis', 'totalcost', 'einstandswert'],
  date: ['purchasedate', 'dateacquired', 'acquired', 'acquisitiondate', 'acquireddate', 'opendate', 'opened', 'dateopened', 'buydate', 'purchased', 'kaufdatum', 'date'],
  currency: ['currency', 'currencycode', 'ccy', 'währung'],
  value: ['marketvalue', 'currentvalue', 'totalvalue', 'value'],
}; // prettier-ignore
type Field = keyof typeof ALIASES;

function read(row: Row<Field>): PositionOutcome {
  const symbol = row.get('symbol');
  const currency = row.get('currency').toUpperCase() || currencyInCell(row.get('averagePrice') || row.get('costTotal'));
  if (symbol && isCashLine(symbol))
    return {
      positions: [
        { kind: 'cash', symbol: bareSymbol(symbol), amount: row.num('value') ?? row.num('quantity'), currency },
      ],
      wording: 'Cash',
    };
  return {
    positions: [
      {
        kind: 'position',
        symbol,
        quantity: row.loose('quantity'),
        averagePrice: row.has('averagePrice') ? row.loose('averagePrice') : null,
        costTotal: row.has('averagePrice') ? null : row.loose('costTotal'),
        date: row.get('date') || null,
        currency,
      },
    ],
    wording: 'Position',
  };
}

export const plainPositions: PositionLayout = {
  info: { id: 'plain-positions', name: 'Positions file (columns by name)', kind: 'positions' },
  conventions: {},
  locate: (records) =>
    singleTable(
      records,
      ALIASES,
      (c) => hasColumns(c, ['symbol', 'quantity']) && (c.at.averagePrice >= 0 || c.at.costTotal >= 0),
      read,
      { dateField: 'date' },
    ),
};
