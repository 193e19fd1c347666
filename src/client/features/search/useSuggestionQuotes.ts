import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QuotesMap } from '../../../shared/market/types';
import { useTRPC } from '../../lib/trpc';

/** Prices for the top 10 suggestions (SPEC section 7). A failure only costs the prices: logged, not shown. */
export function useSuggestionQuotes(symbols: readonly string[], enabled: boolean): QuotesMap | undefined {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.stocks.quotes.queryOptions(
      { symbols: [...symbols] },
      { enabled: enabled && symbols.length > 0, staleTime: 30_000 },
    ),
  );
  useEffect(() => {
    if (query.error) console.error('Could not load suggestion prices', query.error);
  }, [query.error]);
  return query.data;
}
