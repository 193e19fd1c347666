import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { MarketDataProvider } from './provider';
import { MarketService } from './service';
import { createSimulatedProvider } from './simulated/provider';
import { createYahooProvider } from './yahoo/provider';

export { MarketService } from './service';
export type { MarketDataProvider, SymbolProfile } from './provider';

export interface MarketOverrides {
  /** Replaces the configured provider (tests wrap the real one to count upstream calls). */
  provider?: MarketDataProvider;
  /** Network for the Yahoo provider (tests serve recorded answers through it). */
  fetch?: typeof fetch;
}

/** The provider MARKET_DATA names, behind the caching service. */
export function createMarketService(
  config: AppConfig,
  base: { now: () => number; log: Logger },
  overrides: MarketOverrides = {},
): MarketService {
  const provider =
    overrides.provider ??
    (config.MARKET_DATA === 'yahoo'
      ? createYahooProvider({ log: base.log, now: base.now, fetch: overrides.fetch })
      : createSimulatedProvider(base.now));
  return new MarketService({
    provider,
    now: base.now,
    log: base.log,
    upstreamTimeoutMs: config.MARKET_UPSTREAM_TIMEOUT_MS,
    maxConcurrentUpstream: config.MARKET_MAX_CONCURRENT_UPSTREAM,
    livePollMs: config.MARKET_LIVE_POLL_MS,
  });
}
