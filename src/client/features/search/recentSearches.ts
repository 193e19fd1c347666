import { readStored, writeStored } from '../../lib/storage';

/** SPEC section 3: local storage key and cap of the recent searches. */
export const RECENT_SEARCHES_KEY = 'recentStockSearches';
export const MAX_RECENT_SEARCHES = 5;

/** Most recent first. Anything unreadable in storage counts as no history. */
export function loadRecentSearches(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStored(RECENT_SEARCHES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((s): s is string => typeof s === 'string' && s.length > 0).slice(0, MAX_RECENT_SEARCHES);
  } catch {
    return [];
  }
}

/** Moves the symbol to the front, without duplicates, keeping 5; returns the new list. */
export function rememberSearch(symbol: string): string[] {
  const next = [symbol, ...loadRecentSearches().filter((s) => s !== symbol)].slice(0, MAX_RECENT_SEARCHES);
  writeStored(RECENT_SEARCHES_KEY, JSON.stringify(next));
  return next;
}
