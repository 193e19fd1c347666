import type { CsvColumnMapping } from './types';

/**
 * Which column of a broker's export holds what. Headers are compared without case, spaces or punctuation, so
 * "Average Cost Basis", "average_cost_basis" and "Avg. Cost" all match. A price column ("Price", "Last Price",
 * "Current Price") is the price now, not what was paid, so it is never taken as the average cost.
 */
const ALIASES = {
  symbol: ['symbol', 'ticker', 'tickersymbol', 'securitysymbol', 'instrumentsymbol'],
  quantity: ['quantity', 'qty', 'shares', 'sharesheld', 'units', 'quantityheld'],
  averagePrice: [
    'averageprice',
    'avgprice',
    'averagecost',
    'avgcost',
    'averagecostbasis',
    'avgcostbasis',
    'averagecostpershare',
    'costpershare',
    'costbasispershare',
    'unitcost',
  ],
  /** The whole position's cost: divided by the quantity to give the average cost. */
  costBasisTotal: ['costbasis', 'costbasistotal', 'totalcostbasis', 'totalcost'],
} as const;

export const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Where each field is in a header record, or null when this record is not a usable header. */
export interface ColumnPositions {
  symbol: number;
  quantity: number;
  /** The average cost column, or -1 when the cost comes from a total. */
  averagePrice: number;
  /** The total cost column, used only when there is no average cost column; else -1. */
  costBasisTotal: number;
}

export function findColumns(cells: readonly string[]): ColumnPositions | null {
  const keys = cells.map(headerKey);
  const at = (field: keyof typeof ALIASES) => keys.findIndex((k) => (ALIASES[field] as readonly string[]).includes(k));
  const symbol = at('symbol');
  const quantity = at('quantity');
  const averagePrice = at('averagePrice');
  const costBasisTotal = averagePrice >= 0 ? -1 : at('costBasisTotal');
  if (symbol < 0 || quantity < 0 || (averagePrice < 0 && costBasisTotal < 0)) return null;
  return { symbol, quantity, averagePrice, costBasisTotal };
}

/** The mapping as the preview shows it: the file's own header names, and the columns left out. */
export function describeColumns(header: readonly string[], at: ColumnPositions, headerLine: number): CsvColumnMapping {
  const name = (i: number) => header[i].trim();
  const used = new Set([at.symbol, at.quantity, at.averagePrice, at.costBasisTotal]);
  return {
    headerLine,
    symbol: name(at.symbol),
    quantity: name(at.quantity),
    averagePrice: at.averagePrice >= 0 ? name(at.averagePrice) : `${name(at.costBasisTotal)} ÷ ${name(at.quantity)}`,
    ignored: header.map((h, i) => (used.has(i) ? '' : h.trim())).filter((h) => h !== ''),
  };
}
