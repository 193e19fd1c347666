import { bareSymbol, isCashLine } from '../cash';
import { hasColumns } from '../columns';
import { RowProblem, singleTable, type PositionLayout, type PositionOutcome, type Row } from '../layout';
import { SKIP_REASONS } from '../wordings';

/**
 * Fidelity's Portfolio_Positions.csv: "Account Number,Account Name,Symbol,Description,Quantity,Last Price,Last Price
 * Change,Current Value,…,Cost Basis Total,Average Cost Basis,Type" with a trailing comma on every line, the core
 * money market as "SPAXX**" (its Current Value is cash), a "Pending Activity" line, and the disclaimer paragraphs
 * below. Several accounts may share the file.
 */

const ALIASES = {
  account: ['Account Number'],
  symbol: ['Symbol'],
  description: ['Description'],
  quantity: ['Quantity'],
  value: ['Current Value'],
  costTotal: ['Cost Basis Total'],
  averagePrice: ['Average Cost Basis'],
} as const;
type Field = keyof typeof ALIASES;

function read(row: Row<Field>): PositionOutcome {
  const symbol = row.get('symbol');
  if (/^pending activity$/i.test(symbol) || /^pending activity$/i.test(row.get('account')))
    return { skip: 'Pending activity: money on its way, not a holding yet', wording: 'Pending Activity' };
  if (!symbol) throw new RowProblem('Symbol is required');
  if (isCashLine(symbol, row.get('description')))
    return { positions: [{ kind: 'cash', symbol: bareSymbol(symbol), amount: row.num('value') }], wording: 'Cash' };
  if (/total/i.test(symbol)) return { skip: SKIP_REASONS.total, wording: symbol };
  return {
    positions: [
      {
        kind: 'position',
        symbol,
        quantity: row.loose('quantity'),
        averagePrice: row.loose('averagePrice'),
        costTotal: row.loose('costTotal'),
      },
    ],
    wording: 'Position',
  };
}

export const fidelityPositions: PositionLayout = {
  info: { id: 'fidelity-positions', name: 'Fidelity — positions', kind: 'positions' },
  conventions: { dateOrder: 'mdy', decimal: '.', currency: 'USD' },
  locate: (records) =>
    singleTable(
      records,
      ALIASES,
      (c) => hasColumns(c, ['account', 'symbol', 'quantity', 'value', 'averagePrice']),
      read,
    ),
};
