import { TICKER_PATTERN } from '../../../shared/market/constants';
import { findLocalStock, POPULAR_STOCKS, searchLocalStocks } from '../../../shared/market/localStocks';
import type { StockSearchResult } from '../../../shared/market/types';

/** product.md §9: the dropdown shows 10 results. */
export const MAX_SUGGESTIONS = 10;

export type SuggestionKind = 'recent' | 'popular' | 'result' | 'local' | 'fallback';

export interface Suggestion {
  kind: SuggestionKind;
  symbol: string;
  name: string;
  exchange: string;
}

export interface SuggestionGroup {
  label: string;
  items: Suggestion[];
}

/** What the search call has answered for the current text. */
export type SearchOutcome =
  | { status: 'blank' }
  | { status: 'pending'; previous: StockSearchResult[] }
  | { status: 'success'; results: StockSearchResult[] }
  | { status: 'error' };

const fromResult = (r: StockSearchResult): Suggestion => ({
  kind: 'result',
  symbol: r.symbol,
  name: r.name || r.shortname || r.longname,
  exchange: r.exchDisp || r.exchange,
});

/**
 * The dropdown's content for one state (product.md §2, stock search dropdown):
 * - blank input: recent searches, then the popular list;
 * - results: the first 10;
 * - failed search: matches from the built-in local list, plus 'Search for {SYMBOL}' when the typed text is a
 *   ticker (product.md §5) the local list does not have.
 */
export function buildSuggestions(query: string, outcome: SearchOutcome, recent: readonly string[]): SuggestionGroup[] {
  switch (outcome.status) {
    case 'blank': {
      const groups: SuggestionGroup[] = [];
      if (recent.length > 0) {
        groups.push({
          label: 'Recent searches',
          items: recent.map((symbol) => {
            const local = findLocalStock(symbol);
            return { kind: 'recent', symbol, name: local?.name ?? '', exchange: local?.exchange ?? '' };
          }),
        });
      }
      // A recent pick is not listed a second time under Popular.
      const listed = new Set(recent);
      groups.push({
        label: 'Popular',
        items: POPULAR_STOCKS.filter((s) => !listed.has(s.symbol))
          .slice(0, MAX_SUGGESTIONS)
          .map((s) => ({
            kind: 'popular',
            symbol: s.symbol,
            name: s.name,
            exchange: s.exchange,
          })),
      });
      return groups;
    }
    case 'pending':
      return outcome.previous.length > 0
        ? [{ label: 'Results', items: outcome.previous.slice(0, MAX_SUGGESTIONS).map(fromResult) }]
        : [];
    case 'success':
      return outcome.results.length > 0
        ? [{ label: 'Results', items: outcome.results.slice(0, MAX_SUGGESTIONS).map(fromResult) }]
        : [];
    case 'error': {
      const items: Suggestion[] = searchLocalStocks(query, MAX_SUGGESTIONS).map((s) => ({
        kind: 'local',
        symbol: s.symbol,
        name: s.name,
        exchange: s.exchange,
      }));
      const typed = query.trim().toUpperCase();
      if (TICKER_PATTERN.test(typed) && !items.some((s) => s.symbol === typed)) {
        items.push({ kind: 'fallback', symbol: typed, name: `Search for ${typed}`, exchange: '' });
      }
      return items.length > 0 ? [{ label: 'Suggestions', items }] : [];
    }
  }
}

/** The two no-result lines of product.md §2, word for word. */
export function noResultMessages(query: string): [string, string] {
  const trimmed = query.trim();
  return [`No stocks found for "${trimmed}"`, `No results found. Press Enter to search for "${trimmed.toUpperCase()}"`];
}
