import type { Probe } from '../probe';

/**
 * Market data: the provider's test symbol through the market service, cache included — online when a fresh quote
 * comes back, limited when only a stale one does (the provider failed; users see older prices), offline when there
 * is no quote at all.
 */
export const marketDataProbe: Probe = {
  service: {
    id: 'market',
    name: 'Market data',
    category: 'Live data',
    description: 'Quotes, charts and search from the market-data provider.',
  },
  // With the built-in market the row must not pass simulated prices off as a live feed.
  serviceFor: (deps) =>
    deps.market.info().simulated
      ? {
          ...marketDataProbe.service,
          description:
            "Quotes, charts and search from Tickwise's built-in simulated market: practice prices, not real quotes.",
        }
      : marketDataProbe.service,
  // The market service gives up on the provider after MARKET_UPSTREAM_TIMEOUT_MS and falls back to a stale answer;
  // the probe must outlast that to see it.
  timeoutMs: (deps) => deps.config.MARKET_UPSTREAM_TIMEOUT_MS + 2_000,
  check: ({ deps }) => deps.market.checkHealth(),
};
