import { bareSymbol, isCashLine } from '../cash';
import { hasColumns } from '../columns';
import { RowProblem, singleTable, type PositionLayout, type PositionOutcome, type Row } from '../layout';
import { SKIP_REASONS } from '../wordings';

/**
 * Charles Schwab's positions export: a title line ("Positions for account Individual ...123 as of 04:00 PM ET,
 * 2024/01/18"), then the classic header ("Symbol","Description","Quantity","Price",…,"Market Value",…,"Cost Basis",…)
 * or the 2024 one ("Qty (Quantity)", "Mkt Val (Market Value)", "Gain $ (Gain/Loss $)"), then "Cash & Cash
 * Investments" (the cash, by its market value) and "Account Total". Cost Basis is the whole position's cost. A file
 * of all accounts repeats the title and header per account.
 */

const ALIASES = {
  symbol: ['Symbol'],
  description: ['Description'],
  quantity: ['Quantity', 'Qty (Quantity)', 'Qty'],
  value: ['Market Value', 'Mkt Val (Market Value)', 'Mkt Val'],
  costTotal: ['Cost Basis'],
} as const;
type Field = keyof typeof ALIASES;

function read(row: Row<Field>): PositionOutcome {
  const symbol = row.get('symbol');
  if (symbol === 'Symbol') return { skip: 'The header again: another account’s positions follow', wording: symbol };
  if (/total/i.test(symbol)) return { skip: SKIP_REASONS.total, wording: symbol };
  if (!symbol) throw new RowProblem('Symbol is required');
  if (isCashLine(symbol, row.get('description')))
    return { positions: [{ kind: 'cash', symbol: bareSymbol(symbol), amount: row.num('value') }], wording: 'Cash' };
  return {
    positions: [{ kind: 'position', symbol, quantity: row.loose('quantity'), costTotal: row.loose('costTotal') }],
    wording: 'Position',
  };
}

export const schwabPositions: PositionLayout = {
  info: { id: 'schwab-positions', name: 'Charles Schwab — positions', kind: 'positions' },
  conventions: { dateOrder: 'mdy', decimal: '.', currency: 'USD' },
  locate: (records) =>
    singleTable(
      records,
      ALIASES,
      (c, cells) => hasColumns(c, ['symbol', 'quantity', 'value', 'costTotal']) && cells.includes('Description'),
      read,
    ),
};
