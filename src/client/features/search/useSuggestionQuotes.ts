import { useEffect } from 'react';
import { isValidSymbol } from '../../../shared/market/symbols';
import type { QuotesMap } from '../../../shared/market/types';
import { quotesCall } from '../../lib/market/marketCalls';
import { useCachedQuery } from '../../lib/market/marketCache';

/**
 * Prices for the top 10 suggestions (product.md §7). Only well-formed symbols are asked for: the server refuses the
 * whole list for one bad entry, and one odd search result must not cost every price. A failure only costs the
 * prices: logged, not shown.
 */
export function useSuggestionQuotes(symbols: readonly string[], enabled: boolean): QuotesMap | undefined {
  const valid = symbols.filter(isValidSymbol);
  const call = quotesCall(valid);
  const query = useCachedQuery(call.key, call.fetch, { enabled: enabled && valid.length > 0, staleMs: 30_000 });
  useEffect(() => {
    if (query.error) console.error('Could not load suggestion prices', query.error);
  }, [query.error]);
  return query.data;
}
