import type { HoldingRow } from './queries';

/** Prices move once a minute (the simulated market's step, and about how often quotes are refreshed). */
const PRICE_MINUTE_MS = 60_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  minute: number;
  answer: Promise<unknown>;
}

/** What an answer about a portfolio's holdings depends on besides prices: which holdings, in what amounts. */
export function holdingsFingerprint(records: readonly HoldingRow[]): string {
  return records.map((h) => `${h.id}:${h.symbol}:${h.quantity}:${h.averagePrice}:${h.updatedAt}`).join('|');
}

/**
 * Answers computed at most once per key and price minute: the portfolio analysis and the value history are asked
 * again and again (a page reload, a second tab, a script in a loop) and only change when the holdings (part of the
 * key) or the prices (the minute) do. Concurrent askers share the computation in progress; a failure is not kept.
 * One per server (AppDeps.priceMinutes, built in createDeps), so test servers in one process never share answers.
 */
export class PriceMinuteCache {
  private readonly entries = new Map<string, Entry>();

  once<T>(now: number, key: string, compute: () => Promise<T>): Promise<T> {
    const minute = Math.floor(now / PRICE_MINUTE_MS);
    const hit = this.entries.get(key);
    if (hit && hit.minute === minute) return hit.answer as Promise<T>;
    const answer = compute();
    const entry = { minute, answer };
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return answer;
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
