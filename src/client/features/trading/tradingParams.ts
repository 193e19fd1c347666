import { DEFAULT_SYMBOL, DEFAULT_TIMEFRAME, isTimeframe } from '../../../shared/market/constants';
import type { Timeframe } from '../../../shared/market/types';

/** The trading page's query string as typed: kept raw so nothing is lost before it is resolved. */
export interface TradingSearch {
  symbol?: string;
  range?: string;
  timeframe?: string;
}

export interface TradingParams {
  symbol: string;
  timeframe: Timeframe;
}

/**
 * Router validateSearch: keeps the three known parameters as strings. The router parses query values as JSON
 * where it can, so `?symbol=123` arrives as a number; it is turned back into text.
 */
export function parseTradingSearch(raw: Record<string, unknown>): TradingSearch {
  const text = (value: unknown) =>
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : undefined;
  const search: TradingSearch = {};
  const symbol = text(raw.symbol);
  const range = text(raw.range);
  const timeframe = text(raw.timeframe);
  if (symbol !== undefined) search.symbol = symbol;
  if (range !== undefined) search.range = range;
  if (timeframe !== undefined) search.timeframe = timeframe;
  return search;
}

/**
 * product.md §5: symbols are upper-cased and a blank one falls back to SPY; range (or its older name timeframe)
 * counts only if it is one of 1D, 5D, 1M, 6M, YTD, 1Y, 5Y, otherwise it is ignored.
 */
export function resolveTradingParams(search: TradingSearch): TradingParams {
  const symbol = (search.symbol ?? '').trim().toUpperCase() || DEFAULT_SYMBOL;
  const timeframe = [search.range, search.timeframe].find(isTimeframe) ?? DEFAULT_TIMEFRAME;
  return { symbol, timeframe };
}

/** The URL written back after a change: symbol and range only. */
export function tradingSearchFor(params: TradingParams): TradingSearch {
  return { symbol: params.symbol, range: params.timeframe };
}
