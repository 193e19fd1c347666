import { AppHeader } from '../../components/header/AppHeader';
import { TradingPage } from './TradingPage';
import { resolveTradingParams, tradingSearchFor, type TradingParams, type TradingSearch } from './tradingParams';

export interface TradingRouteViewProps {
  search: TradingSearch;
  /** Rewrites the query string in place (replace: no new history entry). */
  replaceSearch: (search: TradingSearch) => void;
}

/**
 * The URL is the page's state: symbol and timeframe are read from it on every render, so a fresh load and
 * back/forward both land on what the address says; changes are written back with replace (product.md §2).
 */
export function TradingRouteView({ search, replaceSearch }: TradingRouteViewProps) {
  const params = resolveTradingParams(search);
  const onChange = (next: Partial<TradingParams>) => {
    const merged = { ...params, ...next };
    if (merged.symbol === params.symbol && merged.timeframe === params.timeframe) return;
    replaceSearch(tradingSearchFor(merged));
  };
  return (
    <>
      <AppHeader withSearch={false} />
      <TradingPage symbol={params.symbol} timeframe={params.timeframe} onChange={onChange} />
    </>
  );
}
