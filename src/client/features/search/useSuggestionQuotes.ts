import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isValidSymbol } from '../../../shared/market/symbols';
import type { QuotesMap } from '../../../shared/market/types';
import { ALONE, useTRPC } from '../../lib/trpc';

/**
 * Prices for the top 10 suggestions (product.md §7). Only well-formed symbols are asked for: the server refuses the
 * whole list for one bad entry, and one odd search result must not cost every price. A failure only costs the
 * prices: logged, not shown.
 */
export function useSuggestionQuotes(symbols: readonly string[], enabled: boolean): QuotesMap | undefined {
  const trpc = useTRPC();
  const valid = symbols.filter(isValidSymbol);
  const query = useQuery(
    trpc.stocks.quotes.queryOptions(
      { symbols: valid },
      { enabled: enabled && valid.length > 0, staleTime: 30_000, trpc: ALONE },
    ),
  );
  useEffect(() => {
    if (query.error) console.error('Could not load suggestion prices', query.error);
  }, [query.error]);
  return query.data;
}
