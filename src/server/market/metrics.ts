import { marketCacheLookups, marketUpstreamCalls, onScrape } from '../observability/metrics';

export type MarketKind = 'quote' | 'history' | 'search' | 'profile' | 'dividends' | 'earnings' | 'fx';

/** Lookups since the last scrape, by result. A hit is fresh, a miss went upstream, stale fell back on an old answer. */
export interface CacheCounts {
  hit: number;
  miss: number;
  stale: number;
}

const pending = new Map<MarketKind, CacheCounts>();

/**
 * The counts object of one kind. Cache lookups are the quotes endpoint's hot path, so they add to plain numbers and
 * the Prometheus counter catches up when /metrics is read.
 */
export function marketCacheCounts(kind: MarketKind): CacheCounts {
  let counts = pending.get(kind);
  if (!counts) pending.set(kind, (counts = { hit: 0, miss: 0, stale: 0 }));
  return counts;
}

onScrape(() => {
  for (const [kind, counts] of pending) {
    for (const result of ['hit', 'miss', 'stale'] as const) {
      if (counts[result] > 0) marketCacheLookups.labels(kind, result).inc(counts[result]);
      counts[result] = 0;
    }
  }
});

/** Upstream calls are rare (cold keys only) and counted directly. */
export function marketUpstreamOutcome(kind: MarketKind, outcome: 'ok' | 'error' | 'timeout'): void {
  marketUpstreamCalls.labels(kind, outcome).inc();
}
