import { isValidSymbol, normalizeSymbol } from '../../../shared/market/symbols';
import { readStored, writeStored } from '../../lib/storage';

/** product.md §3: local storage key and cap of the recent searches. */
export const RECENT_SEARCHES_KEY = 'recentStockSearches';
export const MAX_RECENT_SEARCHES = 5;

/**
 * Most recent first, valid tickers only: one junk entry (typed before this check, or edited by hand) would make the
 * dropdown's price call fail for every symbol. Anything unreadable in storage counts as no history.
 */
export function loadRecentSearches(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStored(RECENT_SEARCHES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    const symbols = parsed
      .filter((s): s is string => typeof s === 'string')
      .map(normalizeSymbol)
      .filter(isValidSymbol);
    return [...new Set(symbols)].slice(0, MAX_RECENT_SEARCHES);
  } catch {
    return [];
  }
}

/** Moves the symbol to the front, without duplicates, keeping 5; returns the new list. An invalid one is not kept. */
export function rememberSearch(symbol: string): string[] {
  const normalized = normalizeSymbol(symbol);
  const kept = loadRecentSearches().filter((s) => s !== normalized);
  const next = (isValidSymbol(normalized) ? [normalized, ...kept] : kept).slice(0, MAX_RECENT_SEARCHES);
  writeStored(RECENT_SEARCHES_KEY, JSON.stringify(next));
  return next;
}
