import type { QuotesMap } from '../../../shared/market/types';
import type { MarketService } from '../../market';
import { MarketUnavailableError } from '../../market/errors';

export const MARKET_DOWN_MESSAGE = 'Market data is temporarily unavailable, so prices are missing. Try again shortly.';

/**
 * Quotes for a valuation: one batched (cached, coalesced) call for every distinct symbol. A market outage does
 * not fail the page: the holdings come back without prices and the reason is said once.
 */
export async function quotesForValuation(
  market: MarketService,
  symbols: Iterable<string>,
): Promise<{ quotes: QuotesMap; errors: string[] }> {
  const distinct = [...new Set(symbols)];
  if (distinct.length === 0) return { quotes: {}, errors: [] };
  try {
    return { quotes: await market.quotes(distinct), errors: [] };
  } catch (error) {
    if (error instanceof MarketUnavailableError) return { quotes: {}, errors: [MARKET_DOWN_MESSAGE] };
    throw error;
  }
}
