import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STOCK_SEARCH_STALE_MS } from '../../../shared/market/constants';
import { ALONE, useTRPC } from '../../lib/trpc';
import type { SearchOutcome } from './suggestions';

/** product.md §9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search call for what is typed, 300 ms after typing stops. While the answer for the latest text is not in,
 * the outcome is 'pending' and carries the previous results so the list does not flicker between keystrokes.
 */
export function useStockSearch(text: string): SearchOutcome {
  const trimmed = text.trim();
  const [debounced] = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const trpc = useTRPC();
  const query = useQuery(
    trpc.stocks.search.queryOptions(
      { q: debounced },
      { enabled: debounced !== '', staleTime: STOCK_SEARCH_STALE_MS, placeholderData: keepPreviousData, trpc: ALONE },
    ),
  );
  if (trimmed === '') return { status: 'blank' };
  if (debounced !== trimmed || query.isFetching || query.isPlaceholderData) {
    return { status: 'pending', previous: query.data ?? [] };
  }
  if (query.isError) return { status: 'error' };
  return { status: 'success', results: query.data ?? [] };
}
