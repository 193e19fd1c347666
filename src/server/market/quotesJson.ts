import type { Quote, QuotesMap } from '../../shared/market/types';

/**
 * JSON of a quotes map, built from each quote's memoized JSON. Cached quotes are shared, immutable objects, so each
 * is serialized once per refresh instead of once per request: formatting ~40 floating-point numbers was the largest
 * cost of the watchlist endpoint. The output is exactly JSON.stringify(map).
 */
const memo = new WeakMap<Quote, string>();

export function quotesMapJson(map: QuotesMap): string {
  let out = '';
  for (const symbol in map) {
    const quote = map[symbol];
    // The memoized fragment carries its key; a cached quote always sits under its own symbol.
    let member = quote.symbol === symbol ? memo.get(quote) : undefined;
    if (member === undefined) {
      member = `${JSON.stringify(symbol)}:${JSON.stringify(quote)}`;
      if (quote.symbol === symbol) memo.set(quote, member);
    }
    out += out ? `,${member}` : member;
  }
  return `{${out}}`;
}

/** Recent response bodies per symbol list, reused while every quote in them is the same cached object. */
const BODY_CACHE_LIMIT = 500;
const bodies = new Map<string, { quotes: Array<Quote | undefined>; body: Buffer }>();

/**
 * The encoded response for a watchlist. Every client refreshing the same list within a quote's freshness gets the
 * same bytes, so they are encoded once (like a server-side ETag cache) rather than once per request.
 */
export function quotesMapBody(symbols: readonly string[], map: QuotesMap): Buffer {
  const key = symbols.join(',');
  const hit = bodies.get(key);
  if (hit && hit.quotes.length === symbols.length && symbols.every((s, i) => hit.quotes[i] === map[s])) return hit.body;
  const body = Buffer.from(quotesMapJson(map));
  bodies.delete(key);
  bodies.set(key, { quotes: symbols.map((s) => map[s]), body });
  if (bodies.size > BODY_CACHE_LIMIT) bodies.delete(bodies.keys().next().value!);
  return body;
}
