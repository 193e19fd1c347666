import type { AppDeps } from '../../depsTypes';
import type { HoldingRow } from './queries';

/** Prices move once a minute (the simulated market's step, and about how often quotes are refreshed). */
const PRICE_MINUTE_MS = 60_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  minute: number;
  answer: Promise<unknown>;
}

const caches = new WeakMap<AppDeps['db'], Map<string, Entry>>();

/** What an answer about a portfolio's holdings depends on besides prices: which holdings, in what amounts. */
export function holdingsFingerprint(records: readonly HoldingRow[]): string {
  return records.map((h) => `${h.id}:${h.symbol}:${h.quantity}:${h.averagePrice}:${h.updatedAt}`).join('|');
}

/**
 * An answer computed at most once per key and price minute: the portfolio analysis and the value history are asked
 * again and again (a page reload, a second tab, a script in a loop) and only change when the holdings (part of the
 * key) or the prices (the minute) do. Concurrent askers share the computation in progress; a failure is not kept.
 */
export function oncePerPriceMinute<T>(
  deps: Pick<AppDeps, 'db' | 'now'>,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  let cache = caches.get(deps.db);
  if (!cache) caches.set(deps.db, (cache = new Map<string, Entry>()));
  const minute = Math.floor(deps.now() / PRICE_MINUTE_MS);
  const hit = cache.get(key);
  if (hit && hit.minute === minute) return hit.answer as Promise<T>;
  const answer = compute();
  const entry = { minute, answer };
  cache.delete(key);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
  answer.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return answer;
}
