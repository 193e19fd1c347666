import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Timeframe } from '../../../shared/market/types';
import { errorBodyOf } from '../../lib/errors';
import { failureToast } from '../../lib/offline';
import { toast } from '../../lib/toast';
import { ALONE, useTRPC } from '../../lib/trpc';
import { HISTORY_FAILED, HISTORY_STALE_MS } from '../chart/useLiveChart';

/**
 * Switching the chart's range: the page (address, toolbar, header, chart) moves to the new range only once its
 * history has arrived, so nothing on screen names a range whose data is not the one drawn. A fetch that fails
 * leaves the page on the old range and says why ('You are offline' when it never reached the server). A newer
 * click wins over an older one still loading.
 */
export function useTimeframeSwitch(symbol: string, onSwitched: (timeframe: Timeframe) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Timeframe | null>(null);
  const latest = useRef(0);
  // Another symbol: a range still loading for the previous one no longer applies.
  const [seenSymbol, setSeenSymbol] = useState(symbol);
  if (symbol !== seenSymbol) {
    setSeenSymbol(symbol);
    setPending(null);
  }
  useEffect(() => {
    latest.current += 1;
  }, [symbol]);

  const switchTo = (next: Timeframe) => {
    const request = ++latest.current;
    setPending(next);
    // The chart's own query (useLiveChart), fetched now unless fresh. Offline, the fetch fails at once (and says so)
    // rather than waiting for the connection to come back (networkMode 'always').
    queryClient
      .fetchQuery({
        ...trpc.stocks.history.queryOptions({ symbol, period: next }, { trpc: ALONE }),
        staleTime: HISTORY_STALE_MS,
        networkMode: 'always',
      })
      .then(
        () => request === latest.current && onSwitched(next),
        (error: unknown) => {
          if (request !== latest.current) return;
          // An unknown symbol is said on the page itself, whatever the range.
          if (errorBodyOf(error).status === 404) return onSwitched(next);
          void toast(failureToast(error, HISTORY_FAILED));
        },
      )
      .finally(() => request === latest.current && setPending(null));
  };

  return { pending, switchTo };
}
