import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc';

/**
 * Which market-data provider answers. `realTime` is true only once the server has said the prices come from a real
 * exchange: until then, and with the built-in simulated market, nothing may claim real-time data. Asked once per
 * page load (never stale, no retry); after a failure the next screen that reads it, or coming back online, asks again.
 */
export function useMarketInfo(): { simulated: boolean; realTime: boolean } {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.stocks.marketInfo.queryOptions());
  return { simulated: data?.simulated === true, realTime: data?.simulated === false };
}
