import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
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

/** Encodings a quotes answer may be sent in, besides identity. */
export type BodyEncoding = 'br' | 'gzip';

/** Smaller answers are sent as they are: compressing them saves less than the header it adds. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * One encoded watchlist answer. The compressed copies are made on first demand and kept with the body, so the
 * polling browsers of one watchlist state share one compression instead of paying one each.
 */
export class EncodedQuotes {
  private compressed: Partial<Record<BodyEncoding, Buffer>> = {};
  constructor(readonly body: Buffer) {}

  encoded(encoding: BodyEncoding): Buffer {
    let copy = this.compressed[encoding];
    if (copy === undefined) {
      copy =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.body);
      this.compressed[encoding] = copy;
    }
    return copy;
  }
}

/**
 * The cache key of a symbol list. A polled watchlist arrives as the same array each time (the route keeps the symbols
 * of each body it has seen), so its key is joined once, not per request.
 */
const keys = new WeakMap<readonly string[], string>();
function listKey(symbols: readonly string[]): string {
  let key = keys.get(symbols);
  if (key === undefined) keys.set(symbols, (key = symbols.join(',')));
  return key;
}

/** Recent response bodies per symbol list, reused while every quote in them is the same cached object. */
const BODY_CACHE_LIMIT = 500;
const bodies = new Map<string, { quotes: Array<Quote | undefined>; encoded: EncodedQuotes }>();

/**
 * The encoded response for a watchlist. Every client refreshing the same list within a quote's freshness gets the
 * same bytes, so they are encoded once (like a server-side ETag cache) rather than once per request.
 */
export function quotesMapBody(symbols: readonly string[], map: QuotesMap): EncodedQuotes {
  const key = listKey(symbols);
  const hit = bodies.get(key);
  if (hit && hit.quotes.length === symbols.length && symbols.every((s, i) => hit.quotes[i] === map[s]))
    return hit.encoded;
  const encoded = new EncodedQuotes(Buffer.from(quotesMapJson(map)));
  bodies.delete(key);
  bodies.set(key, { quotes: symbols.map((s) => map[s]), encoded });
  if (bodies.size > BODY_CACHE_LIMIT) bodies.delete(bodies.keys().next().value!);
  return encoded;
}
