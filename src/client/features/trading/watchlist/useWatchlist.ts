import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { POPULAR_WATCHLIST } from '../../../../shared/market/constants';
import type { Quote, QuotesMap } from '../../../../shared/market/types';
import { ALONE, useTRPC } from '../../../lib/trpc';
import { useLiveQuotes } from '../../chart/useLiveQuotes';

/** product.md §9: the watchlist refetches every 30 s; live pushes move prices in between. */
export const WATCHLIST_REFRESH_MS = 30_000;

export interface Watchlist {
  symbols: readonly string[];
  quotes: QuotesMap;
  isLoading: boolean;
  isError: boolean;
}

const SYMBOLS: readonly string[] = POPULAR_WATCHLIST;

/** The built-in popular watchlist with live prices: the 30 s quotes poll plus the live-quote subscription. */
export function useWatchlist(enabled: boolean): Watchlist {
  const trpc = useTRPC();
  // The poll counts from the last answer (or failure), and pauses while the tab is hidden.
  const query = useQuery(
    trpc.stocks.quotes.queryOptions(
      { symbols: [...SYMBOLS] },
      { enabled, refetchInterval: WATCHLIST_REFRESH_MS, trpc: ALONE },
    ),
  );
  const [live, setLive] = useState<QuotesMap>({});
  useLiveQuotes(SYMBOLS, (event) => setLive((prev) => ({ ...prev, [event.symbol]: event.quote })), enabled);

  const quotes: QuotesMap = {};
  for (const symbol of SYMBOLS) {
    const polled = query.data?.[symbol];
    const pushed = live[symbol];
    const latest = newest(polled, pushed);
    if (latest) quotes[symbol] = latest;
  }
  // A failed 30 s refresh keeps the last prices on screen; only a list that never loaded is an error.
  return { symbols: SYMBOLS, quotes, isLoading: query.isPending && enabled, isError: query.isError && !query.data };
}

function newest(a: Quote | undefined, b: Quote | undefined): Quote | undefined {
  if (!a || !b) return a ?? b;
  return b.regularMarketTime >= a.regularMarketTime ? b : a;
}
