import type { QuotesMap } from '../../../shared/market/types';
import type { AppDeps } from '../../depsTypes';
import { withMarketErrors } from './errors';

/**
 * The quotes call, shared by the tRPC procedure and the REST path. POST /api/stocks/quotes is the hottest endpoint
 * (every watchlist refreshes it), and going through tRPC's server-side caller costs about a third of its throughput
 * (per-middleware object copies), so its REST route calls this directly after the same zod schema instead.
 */
export function getQuotes(deps: AppDeps, symbols: readonly string[]): Promise<QuotesMap> {
  return withMarketErrors(() => deps.market.quotes(symbols));
}
