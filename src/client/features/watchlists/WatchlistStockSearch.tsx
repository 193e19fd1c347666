import { StockSearch, type StockSearchProps } from '../search/StockSearch';
import { useSearchWatchlistAction } from './useSearchWatchlistAction';

/** The stock search with "add to the current watchlist" on each result: the header's, for a signed-in user. */
export function WatchlistStockSearch(props: Omit<StockSearchProps, 'optionAction'>) {
  return <StockSearch {...props} optionAction={useSearchWatchlistAction()} />;
}
