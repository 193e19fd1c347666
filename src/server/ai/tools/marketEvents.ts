import type { MarketService } from '../../market/service';
import { marketCall } from './common';
import { ToolFailure } from './types';

/**
 * Dividends and earnings dates as the market layer gives them (the market-data contract of issue 28: the shapes of
 * shared/market/types.ts). Read through here so that a market service without them (a provider that cannot) fails
 * in words rather than with a crash.
 */

export interface MarketDividendEvent {
  exDate: string;
  payDate: string | null;
  amount: string;
  currency: string;
  status: 'paid' | 'declared' | 'projected';
}

export interface MarketDividends {
  symbol: string;
  currency: string;
  trailingAnnualRate: string | null;
  trailingYield: number | null;
  frequency: 'monthly' | 'quarterly' | 'semiannual' | 'annual' | null;
  history: MarketDividendEvent[];
  upcoming: MarketDividendEvent[];
  stale?: boolean;
}

export interface MarketEarningsEvent {
  date: string;
  status: 'reported' | 'confirmed' | 'estimated';
  time?: 'before-open' | 'after-close' | null;
}

export interface MarketEarnings {
  symbol: string;
  history: MarketEarningsEvent[];
  upcoming: MarketEarningsEvent[];
  stale?: boolean;
}

interface WithEvents {
  dividends?: (symbol: string) => Promise<MarketDividends>;
  earnings?: (symbol: string) => Promise<MarketEarnings>;
}

export function dividendsOf(market: MarketService, symbol: string): Promise<MarketDividends> {
  const events = market as unknown as WithEvents;
  if (typeof events.dividends !== 'function')
    throw new ToolFailure('Dividends are not available from this market data source.');
  return marketCall('dividends', () => events.dividends!.call(market, symbol));
}

export function earningsOf(market: MarketService, symbol: string): Promise<MarketEarnings> {
  const events = market as unknown as WithEvents;
  if (typeof events.earnings !== 'function')
    throw new ToolFailure('Earnings dates are not available from this market data source.');
  return marketCall('earnings', () => events.earnings!.call(market, symbol));
}
