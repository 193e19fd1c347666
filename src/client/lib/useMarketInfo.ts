import { useEffect } from 'react';
import type { MarketInfo } from '../../shared/market/types';
import { fetchPlainQuery, plainQueryKey } from './plainTrpcQuery';
import { smallStore } from './smallStore';

/** tRPC's own key for stocks.marketInfo (checked by a unit test), for code that reads it through tRPC. */
export const MARKET_INFO_KEY = plainQueryKey('stocks', 'marketInfo');

/**
 * The answer, asked once per page load (the rules the query cache gives queries by default: never stale, no retry;
 * after a failure the next screen that reads it, or coming back online, asks again). Read without the tRPC client
 * or react-query because the landing page shows it.
 */
const marketInfo = smallStore<MarketInfo | null | undefined>(undefined);
let asked = false;

function ask(): void {
  if (asked) return;
  asked = true;
  fetchPlainQuery<MarketInfo>('stocks.marketInfo').then(
    (answer) => marketInfo.set(answer),
    () => {
      asked = false;
      window.addEventListener('online', ask, { once: true });
    },
  );
}

/**
 * Which market-data provider answers. `realTime` is true only once the server has said the prices come from a real
 * exchange: until then, and with the built-in simulated market, nothing may claim real-time data.
 */
export function useMarketInfo(): { simulated: boolean; realTime: boolean } {
  const data = marketInfo.use();
  useEffect(ask, []);
  return { simulated: data?.simulated === true, realTime: data?.simulated === false };
}
