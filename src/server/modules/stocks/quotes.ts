import type { Quote, QuotesMap } from '../../../shared/market/types';
import type { AppDeps } from '../../depsTypes';
import { MarketUnavailableError } from '../../market/errors';
import { withMarketErrors } from './errors';

/**
 * The quotes call, shared by the tRPC procedure and the REST path. POST /api/stocks/quotes is the hottest endpoint
 * (every watchlist refreshes it), and going through tRPC's server-side caller costs about a third of its throughput
 * (per-middleware object copies), so its REST route calls this directly after the same zod schema instead.
 */
export function getQuotes(deps: AppDeps, symbols: readonly string[]): Promise<QuotesMap> {
  return withMarketErrors(() => deps.market.quotes(symbols));
}

/** One symbol's quote, shared the same way by stocks.quote and its REST paths (`rest/stocks.ts`). */
export function getQuote(deps: Pick<AppDeps, 'market'>, symbol: string): Promise<Quote> {
  return withMarketErrors(() => deps.market.quote(symbol));
}

export const PRICES_MISSING_MESSAGE =
  'Market data is temporarily unavailable, so prices are missing. Try again shortly.';

/**
 * Quotes for a screen that lists many symbols (a watchlist, the calendar's names): one batched, cached call for the
 * distinct symbols. An outage does not fail the screen: the quotes come back empty and the reason is said once.
 */
export async function quotesOrOutage(
  market: AppDeps['market'],
  symbols: Iterable<string>,
): Promise<{ quotes: QuotesMap; errors: string[] }> {
  const distinct = [...new Set(symbols)];
  if (distinct.length === 0) return { quotes: {}, errors: [] };
  try {
    return { quotes: await market.quotes(distinct), errors: [] };
  } catch (error) {
    if (error instanceof MarketUnavailableError) return { quotes: {}, errors: [PRICES_MISSING_MESSAGE] };
    throw error;
  }
}
