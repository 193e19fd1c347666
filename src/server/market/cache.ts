import { LRUCache } from 'lru-cache';
import type { CacheCounts } from './metrics';
import { valueBytes } from './valueBytes';

/**
 * The market-data cache: fresh answers straight from memory, one upstream call for any number of concurrent asks for
 * the same cold key (coalescing), and the last good answer, flagged stale, when the upstream fails.
 * Values may be null ("no such symbol"), which is cached like any answer so unknown symbols do not hit upstream.
 */

interface Entry<V> {
  value: V;
  freshUntil: number;
  storedAt: number;
}

export interface Cached<V> {
  value: V;
  stale: boolean;
}

export interface MarketCacheOptions {
  now: () => number;
  /** Oldest answer still served when the upstream fails. */
  maxStaleMs: number;
  /** The heap the kept answers may hold, estimated (valueBytes); the least recently used go first. */
  maxBytes: number;
  /** Where lookups are counted for /metrics (see market/metrics.ts). */
  counts?: CacheCounts;
}

const UNCOUNTED: CacheCounts = { hit: 0, miss: 0, stale: 0 };

export class MarketCache {
  private readonly entries: LRUCache<string, Entry<unknown>>;
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly counts: CacheCounts;

  constructor(private readonly options: MarketCacheOptions) {
    this.counts = options.counts ?? UNCOUNTED;
    this.entries = new LRUCache<string, Entry<unknown>>({
      maxSize: options.maxBytes,
      // The key and the entry's three fields count too: a cache of a million "not found"s is not free.
      sizeCalculation: (entry, key) => 64 + 2 * key.length + valueBytes(entry.value),
    });
  }

  /** The estimated bytes held (for tests and /metrics). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value when still fresh at `now`, otherwise undefined. Synchronous: the warm path allocates nothing. */
  fresh<V>(key: string, now = this.options.now()): V | undefined {
    const entry = this.entries.get(key);
    return entry && entry.freshUntil > now ? (entry.value as V) : undefined;
  }

  private store<V>(key: string, value: V, freshUntil: number): void {
    // An answer larger than the whole bound is not kept (lru-cache refuses it): it is served, and asked again.
    this.entries.set(key, { value, freshUntil, storedAt: this.options.now() });
  }

  /** The kept answer for a failed refresh, if it is not too old. */
  private fallback<V>(key: string): Cached<V> | undefined {
    const entry = this.entries.get(key);
    if (!entry || this.options.now() - entry.storedAt > this.options.maxStaleMs) return undefined;
    return { value: entry.value as V, stale: true };
  }

  /**
   * The cached value, or the loader's answer (stored until `freshUntil(now)`). Concurrent calls for a key share one
   * load. When the load fails, the last answer is returned with stale=true, or the error is thrown if there is none.
   */
  async get<V>(key: string, freshUntil: (now: number) => number, load: () => Promise<V>): Promise<Cached<V>> {
    const hit = this.fresh<V>(key);
    if (hit !== undefined) {
      this.counts.hit++;
      return { value: hit, stale: false };
    }
    let pending = this.inflight.get(key) as Promise<V> | undefined;
    if (!pending) {
      pending = load().then((value) => {
        this.store(key, value, freshUntil(this.options.now()));
        return value;
      });
      const tracked = pending.finally(() => this.inflight.delete(key));
      // The shared promise must never be an unhandled rejection when every caller already went away.
      tracked.catch(() => undefined);
      this.inflight.set(key, tracked);
      pending = tracked;
    }
    try {
      const value = await pending;
      this.counts.miss++;
      return { value, stale: false };
    } catch (error) {
      const fallback = this.fallback<V>(key);
      if (fallback) {
        this.counts.stale++;
        return fallback;
      }
      this.counts.miss++;
      throw error;
    }
  }

  /**
   * Many keys at once, loading all the cold ones in a single batch (one upstream call for a watchlist).
   * Keys the batch does not answer are stored as `missing` (null: not found). Keys already being loaded by another
   * call are awaited, not loaded twice.
   */
  async getMany<V>(
    keys: readonly string[],
    freshUntil: (now: number) => number,
    loadBatch: (cold: string[]) => Promise<Map<string, V>>,
    /** How long a "not found" stays fresh; unknown symbols rarely appear, so it may be kept longer than answers. */
    missingFreshUntil: (now: number) => number = freshUntil,
  ): Promise<Map<string, Cached<V | null>>> {
    const result = new Map<string, Cached<V | null>>();
    const waits: Array<[string, Promise<unknown>]> = [];
    const cold: string[] = [];
    for (const key of keys) {
      const hit = this.fresh<V | null>(key);
      if (hit !== undefined) {
        this.counts.hit++;
        result.set(key, { value: hit, stale: false });
      } else {
        const pending = this.inflight.get(key);
        if (pending) waits.push([key, pending]);
        else cold.push(key);
      }
    }
    if (cold.length > 0) {
      const batch = loadBatch(cold).then((answers) => {
        const now = this.options.now();
        const until = freshUntil(now);
        const missingUntil = missingFreshUntil(now);
        for (const key of cold) {
          const answer = answers.get(key);
          this.store(key, answer ?? null, answer === undefined ? missingUntil : until);
        }
        return answers;
      });
      for (const key of cold) {
        const one = batch.then((answers) => answers.get(key) ?? null).finally(() => this.inflight.delete(key));
        one.catch(() => undefined);
        this.inflight.set(key, one);
        waits.push([key, one]);
      }
    }
    let firstError: { error: unknown } | undefined;
    await Promise.all(
      waits.map(async ([key, pending]) => {
        try {
          result.set(key, { value: (await pending) as V | null, stale: false });
          this.counts.miss++;
        } catch (error) {
          const fallback = this.fallback<V | null>(key);
          if (fallback) {
            this.counts.stale++;
            result.set(key, fallback);
          } else {
            this.counts.miss++;
            if (error !== undefined) firstError ??= { error };
          }
        }
      }),
    );
    // With nothing at all to show, the caller reports the outage; partial answers are better than none.
    if (firstError && result.size === 0) throw firstError.error;
    return result;
  }
}
