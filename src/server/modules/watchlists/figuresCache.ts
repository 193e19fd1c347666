import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { Quote } from '../../../shared/market/types';
import type { WatchlistRow } from '../../../shared/watchlists/types';
import type { MarketService } from '../../market';
import { rowOf, symbolFigures, type SymbolFigures } from './figures';

/** Prices move once a minute (the simulated market's step; about how often a row's slow figures can change). */
export const PRICE_MINUTE_MS = 60_000;
/** What the settled figures may hold: ~1 KB a symbol, so some thousands of symbols. */
const MAX_BYTES = 4 * 1024 * 1024;
/**
 * Symbols computed at once. Each asks the market for up to three things (history, profile, dividends) through its
 * upstream gate (4 calls at once, each with a deadline counted from the queue): a cold 200-symbol list must not put
 * 600 calls in front of everyone else's quotes, nor have them time out queued; a dozen at most wait there.
 */
const CONCURRENT_SYMBOLS = 4;

export interface StampedFigures {
  /** The price minute they were computed for (ms since 1970 / 60,000). */
  minute: number;
  figures: SymbolFigures;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A symbol's row figures from the market service (cached there per kind); a part it cannot give is null. */
export function figuresFromMarket(market: MarketService): (symbol: string) => Promise<SymbolFigures> {
  return async (symbol) => {
    const [daily, profile, dividends] = await Promise.all([
      // The stock page's rating reads the same year of daily bars and profile (market/service.ts analysis()).
      market.history(symbol, '1Y').catch(() => null),
      market.profile(symbol).catch(() => null),
      market.dividends(symbol).catch(() => null),
    ]);
    // Answers already cached resolve without a macrotask: give other requests a turn between symbols.
    await yieldToEventLoop();
    return symbolFigures(daily, profile, dividends);
  };
}

/**
 * Row figures per symbol and price minute, computed once for every user and list that shows the symbol (concurrent
 * askers share the computation in progress), kept in an LRU bounded in bytes. One per server (AppDeps.watchlists).
 */
export class SymbolFiguresCache {
  private readonly settled = new LRUCache<string, StampedFigures>({
    maxSize: MAX_BYTES,
    // Strings count twice (UTF-16), plus the object and its numbers.
    sizeCalculation: (entry) => 2 * JSON.stringify(entry).length + 256,
  });
  private readonly running = new Map<string, { minute: number; promise: Promise<StampedFigures> }>();
  private readonly limit = pLimit(CONCURRENT_SYMBOLS);
  /** The latest row made from a quote object and the figures it was made with: every stream of a tick shares it. */
  private readonly rows = new WeakMap<Quote, { stamped: StampedFigures | undefined; row: WatchlistRow }>();
  /** Each row's JSON, encoded once however many streams send it. */
  private readonly encoded = new WeakMap<WatchlistRow, string>();
  /** Computations started (tests and the bench). */
  computations = 0;

  constructor(private readonly load: (symbol: string) => Promise<SymbolFigures>) {}

  /** The figures for the price minute of `now`: the cached ones, or the computation everyone asking shares. */
  current(symbol: string, now: number): Promise<StampedFigures> {
    const minute = Math.floor(now / PRICE_MINUTE_MS);
    const hit = this.settled.get(symbol);
    if (hit && hit.minute >= minute) return Promise.resolve(hit);
    const running = this.running.get(symbol);
    if (running && running.minute >= minute) return running.promise;
    this.computations++;
    const promise = this.limit(async () => {
      const stamped = { minute, figures: await this.load(symbol) };
      const kept = this.settled.get(symbol);
      if (!kept || kept.minute <= minute) this.settled.set(symbol, stamped);
      return stamped;
    });
    const entry = { minute, promise };
    this.running.set(symbol, entry);
    const forget = () => {
      if (this.running.get(symbol) === entry) this.running.delete(symbol);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** The newest figures computed for `symbol`, of whatever minute; undefined when none yet. */
  latest(symbol: string): StampedFigures | undefined {
    return this.settled.get(symbol);
  }

  /** The row of `symbol` with `quote` over its newest figures; one object per quote and figures, however many ask. */
  row(symbol: string, quote: Quote | undefined): WatchlistRow {
    const stamped = this.latest(symbol);
    if (!quote) return rowOf(symbol, undefined, stamped?.figures);
    const made = this.rows.get(quote);
    if (made && made.stamped === stamped) return made.row;
    const row = rowOf(symbol, quote, stamped?.figures);
    this.rows.set(quote, { stamped, row });
    return row;
  }

  /** `rows` as a JSON array, each row encoded once for every stream that sends it. */
  encode(rows: readonly WatchlistRow[]): string {
    const parts = rows.map((row) => {
      let json = this.encoded.get(row);
      if (json === undefined) this.encoded.set(row, (json = JSON.stringify(row)));
      return json;
    });
    return `[${parts.join(',')}]`;
  }

  clear(): void {
    this.settled.clear();
    this.running.clear();
  }

  /** Bytes the settled figures take, as counted against the bound. */
  get bytes(): number {
    return this.settled.calculatedSize;
  }
}
