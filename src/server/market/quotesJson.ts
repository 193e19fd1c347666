import type { Quote, QuotesMap } from '../../shared/market/types';

/**
 * JSON of a quotes map, built from each quote's memoized JSON. Cached quotes are shared, immutable objects, so each
 * is serialized once per refresh instead of once per request: formatting ~40 floating-point numbers was the largest
 * cost of the watchlist endpoint. The output is exactly JSON.stringify(map).
 */
const memo = new WeakMap<Quote, string>();

export function quotesMapJson(map: QuotesMap): string {
  let out = '{';
  let first = true;
  for (const symbol in map) {
    const quote = map[symbol];
    let json = memo.get(quote);
    if (json === undefined) {
      json = JSON.stringify(quote);
      memo.set(quote, json);
    }
    out += `${first ? '' : ','}${JSON.stringify(symbol)}:${json}`;
    first = false;
  }
  return `${out}}`;
}
