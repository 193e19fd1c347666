import { useDebouncedValue } from '@mantine/hooks';
import { searchCall } from '../../lib/market/marketCalls';
import { useCachedQuery } from '../../lib/market/marketCache';
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
  const call = searchCall(debounced);
  const query = useCachedQuery(call.key, call.fetch, {
    enabled: debounced !== '',
    staleMs: 5 * 60_000,
    keepPrevious: true,
  });
  if (trimmed === '') return { status: 'blank' };
  if (debounced !== trimmed || query.fetching || query.isPlaceholderData) {
    return { status: 'pending', previous: query.data ?? [] };
  }
  if (query.isError) return { status: 'error' };
  return { status: 'success', results: query.data ?? [] };
}
