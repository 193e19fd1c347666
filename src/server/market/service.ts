import type { Logger } from 'pino';
import { SEARCH_LOCAL_EXTRA, SEARCH_UPSTREAM_RESULTS } from '../../shared/market/constants';
import { searchLocalStocks, toSearchResult } from '../../shared/market/localStocks';
import { TIMEFRAME_SPECS } from '../../shared/market/timeframes';
import type {
  HistoryPoint,
  MarketInfo,
  Quote,
  QuotesMap,
  StockAnalysis,
  StockSearchResult,
  Timeframe,
} from '../../shared/market/types';
import { buildStockAnalysis } from './analysis';
import { MarketCache } from './cache';
import { MarketUnavailableError, SymbolNotFoundError } from './errors';
import { LiveQuoteHub } from './live';
import { probeProvider, type MarketDataProvider, type SymbolProfile } from './provider';
import { UpstreamGate } from './upstreamGate';

/** How long each kind of answer stays fresh (ms). Quotes move constantly; company facts hardly ever. */
export const FRESHNESS = {
  quote: 5_000,
  intradayHistory: 60_000,
  dailyHistory: 10 * 60_000,
  search: 10 * 60_000,
  profile: 24 * 60 * 60_000,
} as const;

/** A failed refresh may fall back on an answer up to this old. */
const MAX_STALE_MS = 24 * 60 * 60_000;
const MAX_CACHE_ENTRIES = 20_000;

export interface MarketServiceOptions {
  provider: MarketDataProvider;
  now: () => number;
  log: Logger;
  upstreamTimeoutMs: number;
  maxConcurrentUpstream: number;
  livePollMs: number;
}

/**
 * The one door to market data. Routers, the AI and portfolios call this, never a provider: it validates nothing
 * (the shared schemas did), but caches per kind, coalesces concurrent asks, bounds and times out upstream calls,
 * and serves the last good answer (flagged stale) when the upstream fails.
 */
export class MarketService {
  readonly live: LiveQuoteHub;
  readonly gate: UpstreamGate;
  private readonly cache: MarketCache;
  /** Quotes get their own cache keyed by bare symbol: the watchlist's warm path builds no key strings. */
  private readonly quoteCache: MarketCache;
  private readonly now: () => number;
  private readonly provider: MarketDataProvider;
  private readonly log: Logger;

  constructor(options: MarketServiceOptions) {
    this.provider = options.provider;
    this.log = options.log;
    this.gate = new UpstreamGate(options.maxConcurrentUpstream, options.upstreamTimeoutMs);
    this.now = options.now;
    this.cache = new MarketCache({ now: options.now, maxStaleMs: MAX_STALE_MS, maxEntries: MAX_CACHE_ENTRIES });
    this.quoteCache = new MarketCache({ now: options.now, maxStaleMs: MAX_STALE_MS, maxEntries: MAX_CACHE_ENTRIES });
    const provider = this.provider;
    this.live = new LiveQuoteHub({
      fetchQuotes: (symbols) => this.quotes(symbols),
      fetchBar: provider.currentBar ? (symbol) => provider.currentBar!(symbol) : undefined,
      intervalMs: options.livePollMs,
      log: options.log,
    });
  }

  info(): MarketInfo {
    return { provider: this.provider.name, simulated: this.provider.simulated };
  }

  /** Health probe for the status page. */
  health(): Promise<boolean> {
    return this.gate.run(() => probeProvider(this.provider)).catch(() => false);
  }

  close(): void {
    this.live.close();
  }

  /** Freshness deadline for a kind, never past the provider's next price step. */
  private freshFor(ttl: number): (now: number) => number {
    return (now) => Math.min(now + ttl, this.provider.nextChangeAt?.(now) ?? Infinity);
  }

  private upstream<T>(what: string, call: () => Promise<T>): Promise<T> {
    return this.gate.run(call).catch((error: unknown) => {
      this.log.warn({ err: error, what }, 'market data upstream call failed');
      throw error;
    });
  }

  /** Runs a cache read, turning an outage without a fallback into MarketUnavailableError. */
  private async guarded<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof SymbolNotFoundError) throw error;
      throw new MarketUnavailableError(error);
    }
  }

  /** Up to 9 provider results plus up to 3 local names not already there; local names alone when the provider fails. */
  async search(query: string): Promise<StockSearchResult[]> {
    const q = query.trim();
    if (!q) return [];
    let upstream: StockSearchResult[] = [];
    let failed = false;
    try {
      const cached = await this.cache.get(`s:${q.toUpperCase()}`, this.freshFor(FRESHNESS.search), () =>
        this.upstream('search', () => this.provider.search(q, SEARCH_UPSTREAM_RESULTS)),
      );
      upstream = cached.value.slice(0, SEARCH_UPSTREAM_RESULTS);
    } catch {
      failed = true;
    }
    const seen = new Set(upstream.map((r) => r.symbol));
    const localLimit = failed ? SEARCH_UPSTREAM_RESULTS + SEARCH_LOCAL_EXTRA : SEARCH_LOCAL_EXTRA;
    const local = searchLocalStocks(q, SEARCH_UPSTREAM_RESULTS + SEARCH_LOCAL_EXTRA)
      .filter((s) => !seen.has(s.symbol))
      .slice(0, localLimit)
      .map(toSearchResult);
    return [...upstream, ...local];
  }

  /** Quotes keyed by symbol; unknown symbols are left out. One batched upstream call covers every cold symbol. */
  /**
   * The quotes, when every one of them is fresh in the cache: no promise at all, so the hottest path (a polling
   * watchlist) can answer in the same tick. Null when any would need the provider; then call quotes().
   */
  freshQuotes(symbols: readonly string[]): QuotesMap | null {
    const result: QuotesMap = {};
    const now = this.now();
    for (const symbol of symbols) {
      const hit = this.quoteCache.fresh<Quote | null>(symbol, now);
      if (hit === undefined) return null;
      if (hit) result[symbol] = hit;
    }
    return result;
  }

  async quotes(symbols: readonly string[]): Promise<QuotesMap> {
    // Warm path: everything fresh, no promises or maps beyond the answer.
    const fresh = this.freshQuotes(symbols);
    if (fresh) return fresh;
    const result: QuotesMap = {};

    const cached = await this.guarded(() =>
      this.quoteCache.getMany<Quote>(symbols, this.freshFor(FRESHNESS.quote), async (cold) => {
        const answer = await this.upstream('quotes', () => this.provider.quotes(cold));
        return new Map(Object.entries(answer));
      }),
    );
    for (const symbol of symbols) {
      const entry = cached.get(symbol);
      if (entry?.value) result[symbol] = entry.stale ? { ...entry.value, stale: true } : entry.value;
    }
    return result;
  }

  async quote(symbol: string): Promise<Quote> {
    const quote = (await this.quotes([symbol]))[symbol];
    if (!quote) throw new SymbolNotFoundError(symbol);
    return quote;
  }

  async history(symbol: string, timeframe: Timeframe): Promise<HistoryPoint[]> {
    const ttl = TIMEFRAME_SPECS[timeframe].intraday ? FRESHNESS.intradayHistory : FRESHNESS.dailyHistory;
    const { value } = await this.guarded(() =>
      this.cache.get(`h:${symbol}:${timeframe}`, this.freshFor(ttl), () =>
        this.upstream('history', () => this.provider.history(symbol, timeframe)),
      ),
    );
    if (!value) throw new SymbolNotFoundError(symbol);
    return value;
  }

  async profile(symbol: string): Promise<SymbolProfile> {
    const { value } = await this.guarded(() =>
      this.cache.get(`p:${symbol}`, this.freshFor(FRESHNESS.profile), () =>
        this.upstream('profile', () => this.provider.profile(symbol)),
      ),
    );
    if (!value) throw new SymbolNotFoundError(symbol);
    return value;
  }

  /** The public rating: quote, profile and a year of daily closes through the explainable score. */
  async analysis(symbol: string): Promise<StockAnalysis> {
    const quote = await this.quote(symbol);
    const [profile, daily] = await Promise.all([
      // A missing profile or history (e.g. Yahoo's summary endpoint failing) still leaves a useful answer.
      this.profile(symbol).catch(() => null),
      this.history(symbol, '1Y').catch(() => [] as HistoryPoint[]),
    ]);
    return buildStockAnalysis(quote, profile, daily, this.provider.simulated);
  }
}
