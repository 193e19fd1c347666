import type { Quote, QuotesMap } from '../../../shared/market/types';

/** The popular symbols that moved most today, either way, biggest first. Symbols without a quote are left out. */
export function topMovers(symbols: readonly string[], quotes: QuotesMap, count: number): Quote[] {
  return symbols
    .map((symbol) => quotes[symbol])
    .filter((quote): quote is Quote => quote !== undefined)
    .sort((a, b) => Math.abs(b.regularMarketChangePercent) - Math.abs(a.regularMarketChangePercent))
    .slice(0, count);
}
