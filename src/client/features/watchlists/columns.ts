import {
  formatMarketCap,
  formatPe,
  formatPrice,
  formatSignedChange,
  formatSignedPercent,
} from '../../../shared/format';
import type { WatchlistRow } from '../../../shared/watchlists/types';

/** A figure column of the watchlist table: every figure the server gives a row, each sortable. */
export interface WatchlistColumn {
  key: SortKey;
  label: string;
  /** The header's full words for screen readers and the sort menu. */
  title: string;
  format: (row: WatchlistRow) => string;
  /** Coloured green / red by sign. */
  signed?: boolean;
}

export type SortKey =
  | 'symbol'
  | 'price'
  | 'change'
  | 'changePercent'
  | 'score'
  | 'rsi14'
  | 'fromHigh52wPercent'
  | 'volumeRatio20d'
  | 'marketCap'
  | 'pe'
  | 'dividendYieldPercent';

const fixed = (digits: number) => (value: number | null) => (value === null ? 'N/A' : value.toFixed(digits));
const percent = (value: number | null) => (value === null ? 'N/A' : `${value.toFixed(2)}%`);

export const FIGURE_COLUMNS: readonly WatchlistColumn[] = [
  { key: 'price', label: 'Price', title: 'Price', format: (r) => formatPrice(r.price) },
  { key: 'change', label: 'Change', title: 'Change', format: (r) => formatSignedChange(r.change), signed: true },
  {
    key: 'changePercent',
    label: 'Chg %',
    title: 'Change %',
    format: (r) => formatSignedPercent(r.changePercent),
    signed: true,
  },
  { key: 'score', label: 'Score', title: 'Rule-based score', format: (r) => fixed(0)(r.score) },
  { key: 'rsi14', label: 'RSI', title: 'RSI (14)', format: (r) => fixed(1)(r.rsi14) },
  {
    key: 'fromHigh52wPercent',
    label: 'vs 52w high',
    title: 'Distance from the 52-week high',
    format: (r) => formatSignedPercent(r.fromHigh52wPercent),
  },
  {
    key: 'volumeRatio20d',
    label: 'Vol / 20d',
    title: 'Volume against its 20-day average',
    format: (r) => (r.volumeRatio20d === null ? 'N/A' : `${r.volumeRatio20d.toFixed(2)}×`),
  },
  {
    key: 'marketCap',
    label: 'Mkt cap',
    title: 'Market cap',
    format: (r) => formatMarketCap(r.marketCap, r.currency ?? 'USD'),
  },
  { key: 'pe', label: 'P/E', title: 'P/E', format: (r) => formatPe(r.pe) },
  {
    key: 'dividendYieldPercent',
    label: 'Yield',
    title: 'Dividend yield',
    format: (r) => percent(r.dividendYieldPercent),
  },
];

export interface SortState {
  key: SortKey;
  direction: 'asc' | 'desc';
}

/**
 * The rows in the chosen order; without a sort, the list's own. Sorting is a view: the stored order never changes.
 * A missing figure goes last whichever way, and equal figures keep the list's order.
 */
export function sortRows(rows: readonly WatchlistRow[], sort: SortState | null): WatchlistRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const indexed = rows.map((row, index) => ({ row, index }));
  indexed.sort((a, b) => {
    const x = a.row[sort.key];
    const y = b.row[sort.key];
    if (x === null && y === null) return a.index - b.index;
    if (x === null) return 1;
    if (y === null) return -1;
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
    return order === 0 ? a.index - b.index : sign * order;
  });
  return indexed.map((i) => i.row);
}

/** A header click: first descending (the biggest first, what a figure is sorted for), then ascending, then off. */
export function nextSort(current: SortState | null, key: SortKey): SortState | null {
  const first = key === 'symbol' ? 'asc' : 'desc';
  if (!current || current.key !== key) return { key, direction: first };
  if (current.direction === first) return { key, direction: first === 'asc' ? 'desc' : 'asc' };
  return null;
}

/** A symbol moved one place up or down (keyboard reorder), or the same order at an end. */
export function moveSymbol(symbols: readonly string[], symbol: string, to: number): string[] {
  const from = symbols.indexOf(symbol);
  if (from < 0 || to < 0 || to >= symbols.length || to === from) return [...symbols];
  const next = [...symbols];
  next.splice(from, 1);
  next.splice(to, 0, symbol);
  return next;
}
