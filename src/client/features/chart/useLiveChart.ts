import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { HistoryPoint, LiveQuoteEvent, Quote, Timeframe } from '../../../shared/market/types';
import { errorBodyOf } from '../../lib/errors';
import { failureToast, isOfflineError } from '../../lib/offline';
import { toast } from '../../lib/toast';
import { isValidSymbol } from '../../../shared/market/symbols';
import { ALONE, useTRPC } from '../../lib/trpc';
import { mergeLiveUpdate } from './liveMerge';
import { useLiveQuotes } from './useLiveQuotes';

export interface LiveChart {
  points: readonly HistoryPoint[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** The server does not know the symbol (404 'Stock not found'): not an outage, so no error toast. */
  notFound: boolean;
  /** The text cannot be a ticker at all (`$$%!`): nothing is asked of the server, and the page says so. */
  notATicker: boolean;
  /** The latest quote: the fetched one, then each live push. */
  quote: Quote | undefined;
  /** No quote at all: the quote call failed (logged only, product.md §8) and nothing was pushed since. */
  quoteUnavailable: boolean;
}

/** product.md §8's toast for a failed history fetch (useTimeframeSwitch says the same). */
export const HISTORY_FAILED = {
  title: 'Error',
  description: 'Failed to fetch historical data',
  variant: 'destructive',
} as const;

/** Intraday history is re-fetched when a range is revisited after this long; live pushes fill the gap before. */
export const HISTORY_STALE_MS = 30_000;

/**
 * A fetch that never reached the server is tried twice more, 400 ms apart: the browser says 'online' a moment before
 * its network is usable again (a paused fetch resumed at once on that event can fail), and a dropped connection should
 * not paint the chart as an outage. An answer from the server (a 404, a 5xx) is final at once, as product.md §9 asks.
 */
const retryIfUnreached = {
  retry: (failures: number, error: unknown) => failures < 2 && isOfflineError(error),
  retryDelay: 400,
};

interface LiveState {
  /** The fetched history the live points were merged into: a new fetch starts over from it. */
  base: readonly HistoryPoint[];
  points: readonly HistoryPoint[];
}

/**
 * History + quote of one symbol, kept current by the live-quote subscription: each push moves the last bar or
 * appends one (see mergeLiveUpdate) instead of re-fetching the range. A failed history fetch shows the
 * 'Failed to fetch historical data' toast (product.md §8), unless the symbol does not exist (the page says so in
 * place); a failed quote is only logged.
 */
export function useLiveChart(symbol: string, timeframe: Timeframe): LiveChart {
  // Junk such as `$$%!` is refused by the API's input check (400), which would read as an outage.
  const isTicker = isValidSymbol(symbol);
  const trpc = useTRPC();
  // The previous range stays on screen under the loading overlay until the new one arrives.
  const history = useQuery(
    trpc.stocks.history.queryOptions(
      { symbol, period: timeframe },
      {
        staleTime: HISTORY_STALE_MS,
        placeholderData: keepPreviousData,
        enabled: isTicker,
        trpc: ALONE,
        ...retryIfUnreached,
      },
    ),
  );
  const quoteQuery = useQuery(
    trpc.stocks.quote.queryOptions(
      { symbol },
      { staleTime: HISTORY_STALE_MS, enabled: isTicker, trpc: ALONE, ...retryIfUnreached },
    ),
  );
  const [live, setLive] = useState<LiveState | null>(null);
  const [lastEvent, setLastEvent] = useState<LiveQuoteEvent | null>(null);

  useLiveQuotes(isTicker ? [symbol] : [], (event: LiveQuoteEvent) => {
    if (event.symbol !== symbol) return;
    setLastEvent(event);
    const base = history.data;
    if (!base || history.isPlaceholderData) return;
    setLive((prev) => {
      const current = prev && prev.base === base ? prev.points : base;
      const merged = mergeLiveUpdate(current, event, timeframe);
      return merged === current && prev ? prev : { base, points: merged };
    });
  });

  // A push that came in before (or while) the history loaded is folded in as soon as it is there. Only a new history
  // answer needs this (later pushes are merged by the handler above): adjusted while rendering, not in an effect.
  const answered = history.isPlaceholderData ? undefined : history.data;
  const [seenAnswer, setSeenAnswer] = useState<typeof answered>(undefined);
  if (answered !== seenAnswer) {
    setSeenAnswer(answered);
    if (answered && lastEvent?.symbol === symbol) {
      setLive((prev) =>
        prev && prev.base === answered
          ? prev
          : { base: answered, points: mergeLiveUpdate(answered, lastEvent, timeframe) },
      );
    }
  }

  const notFound = !isTicker || (history.isError && errorBodyOf(history.error).status === 404);
  useEffect(() => {
    if (history.isError && !notFound) void toast(failureToast(history.error, HISTORY_FAILED));
  }, [history.isError, history.error, history.errorUpdatedAt, notFound]);

  useEffect(() => {
    // An unknown symbol is said on the page; anything else is logged (product.md §8: quote failures are logged only).
    if (quoteQuery.error && errorBodyOf(quoteQuery.error).status !== 404)
      console.error(`Could not load the quote of ${symbol}`, quoteQuery.error);
  }, [quoteQuery.error, symbol]);

  const points = !isTicker ? undefined : live && live.base === history.data ? live.points : history.data;
  const pushed = lastEvent?.symbol === symbol ? lastEvent.quote : undefined;
  const quote = pushed && isNewer(pushed, quoteQuery.data) ? pushed : quoteQuery.data;
  const isLoading = (history.isPending || history.isPlaceholderData) && history.isFetching;
  return {
    points,
    isLoading,
    isError: !isTicker || history.isError,
    notFound,
    notATicker: !isTicker,
    quote,
    quoteUnavailable: !quote && quoteQuery.isError,
  };
}

function isNewer(candidate: Quote, current: Quote | undefined): boolean {
  return !current || candidate.regularMarketTime >= current.regularMarketTime;
}
