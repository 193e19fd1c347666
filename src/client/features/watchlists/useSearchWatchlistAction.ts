import type { SearchOptionAction } from '../search/optionAction';
import { useCurrentWatchlist } from './currentWatchlist';
import { useWatchlistActions, useWatchlists } from './useWatchlists';

/**
 * The header search's "add to watchlist" (issue 30 §1: add and remove symbols from the search): each stock offered
 * goes into, or comes out of, the current list (the one the /watchlists page, the trading panel and the drawer show
 * last), through the same writes and toasts as the chart header's menu. None until the lists have loaded, so a
 * mark never claims a state it does not know.
 */
export function useSearchWatchlistAction(): SearchOptionAction | undefined {
  const lists = useWatchlists();
  const actions = useWatchlistActions();
  const { current } = useCurrentWatchlist(lists.data);
  if (!current) return undefined;
  const name = `“${current.name}”`;
  const has = (symbol: string) => current.symbols.includes(symbol);
  return {
    has,
    toggle: (symbol) =>
      has(symbol)
        ? actions.removeSymbol.mutate({ id: current.id, symbol })
        : actions.addSymbol.mutate({ id: current.id, symbol }),
    label: (symbol, listed) => (listed ? `Remove ${symbol} from ${name}` : `Add ${symbol} to ${name}`),
    state: `in ${name}`,
    hint: `Shift+Enter adds the highlighted stock to ${name}, or takes it out`,
  };
}
