import { describe, expect, it } from 'vitest';
import type { HistoryPoint } from '../../src/shared/market/types';
import { MarketCache } from '../../src/server/market/cache';
import { valueBytes } from '../../src/server/market/valueBytes';

/** Issue 26 / 29 §5: the market cache is bounded by the bytes it holds, on lru-cache, not by a count of entries. */

const history = (days: number): HistoryPoint[] =>
  Array.from({ length: days }, (_, i) => ({
    time: 1_600_000_000 + i * 86_400,
    open: 100 + i,
    high: 101 + i,
    low: 99 + i,
    close: 100.5 + i,
    volume: 1_000_000 + i,
  }));

const quote = { symbol: 'AAPL', name: 'Apple Inc.', price: 190.12, change: 1.2, changePercent: 0.63, volume: 5e7 };

function cacheOf(maxBytes: number) {
  let now = 1_000;
  const cache = new MarketCache({ now: () => now, maxStaleMs: 60_000, maxBytes });
  return { cache, advance: (ms: number) => (now += ms) };
}

const forAnHour = (now: number) => now + 3_600_000;

describe('valueBytes', () => {
  it('weighs a five-year history about a hundred times a quote, and grows with the length', () => {
    const fiveYears = valueBytes(history(1_260));
    expect(fiveYears).toBeGreaterThan(100 * valueBytes(quote));
    expect(valueBytes(history(2_520))).toBeGreaterThan(1.9 * fiveYears);
    expect(valueBytes(null)).toBeGreaterThan(0);
  });
});

describe('MarketCache', () => {
  it('keeps no more bytes than its bound however many histories are stored, dropping the least recently used', async () => {
    const oneHistory = valueBytes(history(1_260));
    const { cache } = cacheOf(20 * oneHistory);
    await cache.get('history:KEEP', forAnHour, () => Promise.resolve(history(1_260)));
    for (let i = 0; i < 200; i++) {
      await cache.get(`history:S${i}`, forAnHour, () => Promise.resolve(history(1_260)));
      // Read often, so it is never the least recently used.
      expect(cache.fresh('history:KEEP')).toBeDefined();
    }
    expect(cache.bytes).toBeLessThanOrEqual(20 * oneHistory);
    expect(cache.size).toBeLessThan(21);
    expect(cache.size).toBeGreaterThan(10);
    expect(cache.fresh('history:S0')).toBeUndefined();
    expect(cache.fresh('history:S199')).toBeDefined();
  });

  it('serves an answer larger than the whole bound without keeping it', async () => {
    const { cache } = cacheOf(10_000);
    let loads = 0;
    const load = () => (loads++, Promise.resolve(history(1_260)));
    expect((await cache.get('history:BIG', forAnHour, load)).value).toHaveLength(1_260);
    expect((await cache.get('history:BIG', forAnHour, load)).value).toHaveLength(1_260);
    expect(loads).toBe(2);
    expect(cache.bytes).toBe(0);
  });

  it('still shares one load among concurrent asks and falls back on the last answer when the upstream fails', async () => {
    const { cache, advance } = cacheOf(1_000_000);
    let loads = 0;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        cache.get(
          'quote:AAPL',
          (now) => now + 1_000,
          () => (loads++, Promise.resolve(quote)),
        ),
      ),
    );
    expect(loads).toBe(1);
    expect(answers.every((a) => a.value === quote && !a.stale)).toBe(true);
    advance(2_000);
    const fallback = await cache.get(
      'quote:AAPL',
      (now) => now + 1_000,
      () => Promise.reject(new Error('upstream down')),
    );
    expect(fallback).toEqual({ value: quote, stale: true });
  });
});
