import { useQuery } from '@tanstack/react-query';
import type { MarketInfo } from '../../shared/market/types';
import { fetchPlainQuery, plainQueryKey } from './plainTrpcQuery';

/** Under tRPC's own key for stocks.marketInfo; read without the tRPC client because the landing page shows it. */
export const MARKET_INFO_KEY = plainQueryKey('stocks', 'marketInfo');

/**
 * Which market-data provider answers. `realTime` is true only once the server has said the prices come from a real
 * exchange: until then, and with the built-in simulated market, nothing may claim real-time data.
 */
export function useMarketInfo(): { simulated: boolean; realTime: boolean } {
  const { data } = useQuery({
    queryKey: MARKET_INFO_KEY,
    queryFn: ({ signal }) => fetchPlainQuery<MarketInfo>('stocks.marketInfo', { signal }),
  });
  return { simulated: data?.simulated === true, realTime: data?.simulated === false };
}
