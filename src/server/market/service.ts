import type { Logger } from 'pino';
import { SEARCH_LOCAL_EXTRA, SEARCH_UPSTREAM_RESULTS } from '../../shared/market/constants';
import { fxPairSymbol } from '../../shared/market/currency';
import { searchLocalStocks, toSearchResult } from '../../shared/market/localStocks';
import { DAY_MS } from '../../shared/market/nyseCalendar';
import { TIMEFRAME_SPECS } from '../../shared/market/timeframes';
import type {
  CurrencyCode,
  DividendInfo,
  EarningsInfo,
  HistoryPoint,
  MarketInfo,
  Quote,
  QuotesMap,
  StockAnalysis,
  StockSearchResult,
  Timeframe,
} from '../../shared/market/types';
import type { ServiceStatus } from '../../shared/status/types';
import { buildStockAnalysis } from './analysis';
import { MarketCache } from './cache';
import { MarketUnavailableError, SymbolNotFoundError, UpstreamTimeoutError } from './errors';
import { LiveQuoteHub } from './live';
import { marketCacheCounts, marketUpstreamOutcome, type MarketKind } from './metrics';
import type { MarketDataProvider, SymbolProfile } from './provider';
import { UpstreamGate, type UpstreamCall } from './upstreamGate';
import { withFields } from '../../shared/withFields';

/** How long each kind of answer stays fresh (ms). Quotes move constantly; company facts hardly ever. */
export const FRESHNESS = {
  quote: 5_000,
  intradayHistory: 60_000,
  dailyHistory: 10 * 60_000,
  search: 10 * 60_000,
  profile: 24 * 60 * 60_000,
  /** Dividends and earnings dates: a day at most, and never past midnight UTC, when statuses move on a day. */
  events: 24 * 60 * 60_000,
  /** A symbol the provider does not know: asked again at most this often, however many watch or request it. */
  notFound: 10 * 60_000,
} as const;

/** A failed refresh may fall back on an answer up to this old. */
const MAX_STALE_MS = 24 * 60 * 60_000;
/**
 * The heap each kind's cache may hold (estimated, market/valueBytes.ts), 160 MB in all. Histories get the most: a
 * five-year daily series is about 100 KB, so 96 MB keeps about a thousand of them; a quote is a few hundred bytes.
 */
const MB = 1024 * 1024;
const CACHE_BYTES: Record<MarketKind, number> = {
  history: 96 * MB,
  quote: 8 * MB,
  search: 8 * MB,
  profile: 16 * MB,
  dividends: 12 * MB,
  earnings: 8 * MB,
  fx: 12 * MB,
};
/** fxRate reads the last close of a short series: two weeks cover any run of holidays. */
const FX_RATE_WINDOW_DAYS = 14;

/** The next 00:00 UTC after `now`. */
const nextUtcMidnight = (now: number) => (Math.floor(now / DAY_MS) + 1) * DAY_MS;

/** Weekday (Monday to Friday) points of a constant rate: a currency in itself, answered without a call. */
function constantSeries(from: number, to: number, rate: number): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  for (let day = Math.ceil(from / DAY_MS); day <= Math.floor(to / DAY_MS); day++)
    if ((day + 3) % 7 < 5)
      points.push({ time: day * DAY_MS, open: rate, high: rate, low: rate, close: rate, volume: 0 });
  return points;
}

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
  /** One cache per kind, so each counts its own hits and misses. */
  private readonly searchCache: MarketCache;
  private readonly historyCache: MarketCache;
  private readonly profileCache: MarketCache;
  private readonly dividendsCache: MarketCache;
  private readonly earningsCache: MarketCache;
  private readonly fxCache: MarketCache;
  /** Quotes are keyed by bare symbol: the watchlist's warm path builds no key strings. */
  private readonly quoteCache: MarketCache;
  /** Counted on the warm path with a plain addition; see metrics.ts. */
  private readonly quoteHits = marketCacheCounts('quote');
  private readonly now: () => number;
  private readonly provider: MarketDataProvider;
  private readonly log: Logger;

  constructor(options: MarketServiceOptions) {
    this.provider = options.provider;
    this.log = options.log;
    this.gate = new UpstreamGate(options.maxConcurrentUpstream, options.upstreamTimeoutMs);
    this.now = options.now;
    const cacheFor = (kind: MarketKind) =>
      new MarketCache({
        now: options.now,
        maxStaleMs: MAX_STALE_MS,
        maxBytes: CACHE_BYTES[kind],
        counts: kind === 'quote' ? this.quoteHits : marketCacheCounts(kind),
      });
    this.searchCache = cacheFor('search');
    this.historyCache = cacheFor('history');
    this.profileCache = cacheFor('profile');
    this.dividendsCache = cacheFor('dividends');
    this.earningsCache = cacheFor('earnings');
    this.fxCache = cacheFor('fx');
    this.quoteCache = cacheFor('quote');
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

  /**
   * Health probe for the status page: the provider's test symbol through the cache, like any user's quote. Online
   * with a fresh quote, limited when the provider failed and a stale quote was served (or it did not know its own
   * test symbol), offline when no quote could be had.
   */
  async checkHealth(): Promise<{ status: ServiceStatus; detail?: string }> {
    const symbol = this.provider.getTestSymbol();
    try {
      const quote = (await this.quotes([symbol]))[symbol];
      if (!quote) return { status: 'limited', detail: `the provider has no quote for its test symbol ${symbol}` };
      if (quote.stale) return { status: 'limited', detail: 'the provider failed; serving the last good quotes' };
      return { status: 'online' };
    } catch (error) {
      const cause = error instanceof MarketUnavailableError ? error.cause : error;
      return { status: 'offline', detail: cause instanceof Error ? cause.message : String(cause) };
    }
  }

  close(): void {
    this.live.close();
  }

  /** Freshness deadline for a kind, never past the provider's next price step. */
  private freshFor(ttl: number): (now: number) => number {
    return (now) => Math.min(now + ttl, this.provider.nextChangeAt?.(now) ?? Infinity);
  }

  /** Freshness of day-level data (dividends, earnings dates): until the day changes, when their statuses do. */
  private readonly freshForTheDay = (now: number) => Math.min(now + FRESHNESS.events, nextUtcMidnight(now));

  private upstream<T>(kind: MarketKind, call: UpstreamCall<T>): Promise<T> {
    return this.gate.run(call).then(
      (value) => {
        marketUpstreamOutcome(kind, 'ok');
        return value;
      },
      (error: unknown) => {
        marketUpstreamOutcome(kind, error instanceof UpstreamTimeoutError ? 'timeout' : 'error');
        this.log.warn({ err: error, what: kind }, 'market data upstream call failed');
        throw error;
      },
    );
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
      const cached = await this.searchCache.get(q.toUpperCase(), this.freshFor(FRESHNESS.search), () =>
        this.upstream('search', (signal) => this.provider.search(q, SEARCH_UPSTREAM_RESULTS, signal)),
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

  /**
   * The quotes, when every one of them is fresh in the cache: no promise at all, so the hottest path (a polling
   * watchlist) can answer within the same turn of the event loop. Null when any would need the provider; then call
   * quotes().
   */
  freshQuotes(symbols: readonly string[]): QuotesMap | null {
    const result: QuotesMap = {};
    const now = this.now();
    for (const symbol of symbols) {
      const hit = this.quoteCache.fresh<Quote | null>(symbol, now);
      if (hit === undefined) return null;
      if (hit) result[symbol] = hit;
    }
    this.quoteHits.hit += symbols.length;
    return result;
  }

  /** Quotes keyed by symbol; unknown symbols are left out. One batched upstream call covers every cold symbol. */
  async quotes(symbols: readonly string[]): Promise<QuotesMap> {
    // Warm path: everything fresh, no promises or maps beyond the answer.
    const fresh = this.freshQuotes(symbols);
    if (fresh) return fresh;
    const result: QuotesMap = {};

    const cached = await this.guarded(() =>
      this.quoteCache.getMany<Quote>(
        symbols,
        this.freshFor(FRESHNESS.quote),
        async (cold) => {
          const answer = await this.upstream('quote', (signal) => this.provider.quotes(cold, signal));
          return new Map(Object.entries(answer));
        },
        (now) => now + FRESHNESS.notFound,
      ),
    );
    for (const symbol of symbols) {
      const entry = cached.get(symbol);
      if (entry?.value) result[symbol] = entry.stale ? withFields(entry.value, { stale: true }) : entry.value;
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
      this.historyCache.get(`${symbol}:${timeframe}`, this.freshFor(ttl), () =>
        this.upstream('history', (signal) => this.provider.history(symbol, timeframe, signal)),
      ),
    );
    if (!value) throw new SymbolNotFoundError(symbol);
    return value;
  }

  /**
   * Daily bars over the last `years` years (the AI forecast's back-tests). Providers without long daily history
   * answer the 1Y range instead, so callers must read the length they got.
   */
  async dailyHistory(symbol: string, years: number): Promise<HistoryPoint[]> {
    const provider = this.provider;
    if (!provider.dailyHistory) return this.history(symbol, '1Y');
    const { value } = await this.guarded(() =>
      this.historyCache.get(`daily:${symbol}:${years}`, this.freshFor(FRESHNESS.dailyHistory), () =>
        this.upstream('history', (signal) =>
          provider.dailyHistory!(symbol, this.now() - years * 365.25 * 86_400_000, signal),
        ),
      ),
    );
    if (!value) throw new SymbolNotFoundError(symbol);
    return value;
  }

  async profile(symbol: string): Promise<SymbolProfile> {
    const { value } = await this.guarded(() =>
      this.profileCache.get(symbol, this.freshFor(FRESHNESS.profile), () =>
        this.upstream('profile', (signal) => this.provider.profile(symbol, signal)),
      ),
    );
    if (!value) throw new SymbolNotFoundError(symbol);
    return value;
  }

  /**
   * The dividends of a symbol: trailing rate and yield, frequency, 5 years of payments and the next 12 months'
   * declared and projected ones (shared/market/types.ts). SymbolNotFoundError when the provider does not know it.
   */
  async dividends(symbol: string): Promise<DividendInfo> {
    const provider = this.provider;
    const { value, stale } = await this.guarded(() =>
      this.dividendsCache.get(symbol, this.freshForTheDay, () => {
        if (!provider.dividends) throw new Error(`the ${provider.name} market has no dividend data`);
        return this.upstream('dividends', (signal) => provider.dividends!(symbol, signal));
      }),
    );
    if (!value) throw new SymbolNotFoundError(symbol);
    return stale ? withFields(value, { stale }) : value;
  }

  /** Earnings report dates, 3 years back and 12 months ahead; empty lists for funds, indices and crypto. */
  async earnings(symbol: string): Promise<EarningsInfo> {
    const provider = this.provider;
    const { value, stale } = await this.guarded(() =>
      this.earningsCache.get(symbol, this.freshForTheDay, () => {
        if (!provider.earnings) throw new Error(`the ${provider.name} market has no earnings dates`);
        return this.upstream('earnings', (signal) => provider.earnings!(symbol, signal));
      }),
    );
    if (!value) throw new SymbolNotFoundError(symbol);
    return stale ? withFields(value, { stale }) : value;
  }

  /** Daily closes of one `base` in `quote` over the last `days` days; a currency in itself is 1, with no call. */
  private async fxSeries(base: CurrencyCode, quote: CurrencyCode, days: number): Promise<HistoryPoint[]> {
    const from = this.now() - days * DAY_MS;
    if (base === quote) return constantSeries(from, this.now(), 1);
    const provider = this.provider;
    const { value } = await this.guarded(() =>
      this.fxCache.get(`${base}${quote}:${days}`, this.freshFor(FRESHNESS.dailyHistory), () => {
        if (!provider.fxHistory) throw new Error(`the ${provider.name} market has no exchange rates`);
        return this.upstream('fx', (signal) => provider.fxHistory!(base, quote, from, signal));
      }),
    );
    if (!value) throw new SymbolNotFoundError(fxPairSymbol(base, quote));
    return value;
  }

  /**
   * Daily closes of 1 unit of `base` in `quote` (EUR, USD: about 1.1) over the last `years` years, Monday to Friday.
   * Convert an amount on a day with the close of that day or, on a weekend or holiday, the last one before it.
   */
  fxHistory(base: CurrencyCode, quote: CurrencyCode, years: number): Promise<HistoryPoint[]> {
    return this.fxSeries(base, quote, Math.ceil(years * 365.25));
  }

  /** The latest rate of 1 `base` in `quote`; 1 for a currency in itself. */
  async fxRate(base: CurrencyCode, quote: CurrencyCode): Promise<number> {
    if (base === quote) return 1;
    const series = await this.fxSeries(base, quote, FX_RATE_WINDOW_DAYS);
    const last = series.at(-1);
    if (!last) throw new MarketUnavailableError(new Error(`no recent ${base}/${quote} rate`));
    return last.close;
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
