import type { DividendInfo, EarningsInfo } from '../../../shared/market/types';
import type { MarketService } from '../../market/service';
import { marketCall } from './common';

/**
 * Dividends and earnings dates as the market layer gives them (shared/market/types.ts), with its errors in words
 * (an unknown symbol, a provider that is down or has no such data).
 */

export type {
  DividendEvent as MarketDividendEvent,
  EarningsEvent as MarketEarningsEvent,
} from '../../../shared/market/types';

export const dividendsOf = (market: MarketService, symbol: string): Promise<DividendInfo> =>
  marketCall('dividends', () => market.dividends(symbol));

export const earningsOf = (market: MarketService, symbol: string): Promise<EarningsInfo> =>
  marketCall('earnings', () => market.earnings(symbol));
