import { LRUCache } from 'lru-cache';
import { jsonBytes } from './cacheBytes';
import type { HoldingRow } from './queries';

/** Prices move once a minute (the simulated market's step, and about how often quotes are refreshed). */
const PRICE_MINUTE_MS = 60_000;
/** What the answers may hold in all, by their JSON's size. */
export const PRICE_MINUTE_CACHE_BYTES = 32 << 20;
/** Counted for an answer still being computed (its size is known once it is there). */
const PENDING_BYTES = 16 << 10;

interface Entry {
  minute: number;
  answer: Promise<unknown>;
  /** The answer's bytes by its JSON once it is there; PENDING_BYTES until then. */
  bytes: number;
}

/** What an answer about a portfolio's holdings depends on besides prices: which holdings, in what amounts. */
export function holdingsFingerprint(records: readonly HoldingRow[]): string {
  return records.map((h) => `${h.id}:${h.symbol}:${h.quantity}:${h.averagePrice}:${h.updatedAt}`).join('|');
}

/**
 * Answers computed at most once per key and price minute: the portfolio analysis and the value history are asked
 * again and again (a page reload, a second tab, a script in a loop) and only change when the holdings (part of the
 * key) or the prices (the minute) do. Concurrent askers share the computation in progress; a failure is not kept.
 * Least recently used answers go first past PRICE_MINUTE_CACHE_BYTES.
 * One per server (AppDeps.priceMinutes, built in createDeps), so test servers in one process never share answers.
 */
export class PriceMinuteCache {
  private readonly entries = new LRUCache<string, Entry>({
    maxSize: PRICE_MINUTE_CACHE_BYTES,
    sizeCalculation: (entry, key) => entry.bytes + key.length * 2,
  });

  once<T>(now: number, key: string, compute: () => Promise<T>): Promise<T> {
    const minute = Math.floor(now / PRICE_MINUTE_MS);
    const hit = this.entries.get(key);
    if (hit && hit.minute === minute) return hit.answer as Promise<T>;
    const answer = compute();
    const entry: Entry = { minute, answer, bytes: PENDING_BYTES };
    this.entries.set(key, entry);
    answer.then(
      (value) => {
        // Counted again at its real size, if it is still the entry for its key (a new object: lru-cache counts the
        // size of a value when it is set, not again for the same value).
        if (this.entries.peek(key) === entry) this.entries.set(key, { ...entry, bytes: jsonBytes(value) });
      },
      () => {
        if (this.entries.peek(key)?.answer === answer) this.entries.delete(key);
      },
    );
    return answer;
  }

  /** The bytes counted now (for tests and metrics). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The answer for `key` in this price minute, through the server's cache. */
export function oncePerPriceMinute<T>(
  deps: { priceMinutes: PriceMinuteCache; now: () => number },
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  return deps.priceMinutes.once(deps.now(), key, compute);
}
