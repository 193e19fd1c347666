import type { HistoryPoint, Quote, QuotesMap, StockSearchResult, Timeframe } from '../../../shared/market/types';
import { trpcCall } from './trpcCall';

/** The market calls the chart, quote and search screens make, and their cache keys (see marketCache.ts). */

export const historyCall = (symbol: string, period: Timeframe) => ({
  key: `stocks.history ${symbol} ${period}`,
  fetch: () => trpcCall<HistoryPoint[]>('stocks.history', { symbol, period }),
});

export const quoteCall = (symbol: string) => ({
  key: `stocks.quote ${symbol}`,
  fetch: () => trpcCall<Quote>('stocks.quote', { symbol }),
});

export const quotesCall = (symbols: readonly string[]) => ({
  key: `stocks.quotes ${symbols.join(',')}`,
  fetch: () => trpcCall<QuotesMap>('stocks.quotes', { symbols: [...symbols] }),
});

export const searchCall = (q: string) => ({
  key: `stocks.search ${q}`,
  fetch: () => trpcCall<StockSearchResult[]>('stocks.search', { q }),
});
