import { describe, expect, it } from 'vitest';
import {
  high52Weeks,
  liveRsi,
  rowOf,
  rsiStates,
  symbolFigures,
  volumeRatio,
} from '../../src/server/modules/watchlists/figures';
import { rateStock } from '../../src/shared/indicators/rating';
import { rsi } from '../../src/shared/indicators/rsi';
import type { DividendInfo, HistoryPoint, Quote } from '../../src/shared/market/types';
import { fixtureDailyCloses } from '../helpers/yahooFixtures';

/** The figures of a watchlist row (modules/watchlists/figures.ts) against the shared indicators, on real series. */

const DAY = 86_400_000;
const START = Date.UTC(2025, 10, 3);

function barsOf(closes: readonly number[], volume = (i: number) => 1_000 + i): HistoryPoint[] {
  return closes.map((close, i) => ({
    time: START + i * DAY,
    open: close,
    high: close * 1.01,
    low: close * 0.99,
    close,
    volume: volume(i),
  }));
}

function quoteOf(price: number, time: number, currency = 'USD'): Quote {
  return {
    symbol: 'X',
    regularMarketPrice: price,
    currency,
    regularMarketChange: 1,
    regularMarketChangePercent: 0.5,
    shortName: 'X Corp',
    longName: 'X Corporation',
    regularMarketTime: time,
    marketState: 'open',
  };
}

const realSeries = [...fixtureDailyCloses()].filter(([, closes]) => closes.length >= 30);

describe('RSI(14) with the live price', () => {
  it('has real recorded series to check against', () => {
    expect(realSeries.length).toBeGreaterThanOrEqual(1);
  });

  it.each(realSeries)('equals the shared RSI on %s, the price replacing today’s bar or following it', (_, closes) => {
    const figures = symbolFigures(barsOf(closes), null, null);
    const lastBar = START + (closes.length - 1) * DAY;
    // Today's bar in progress: the live price is its close.
    const live = closes.at(-1)! * 1.013;
    const today = liveRsi(figures, live, lastBar + 3_600_000)!;
    expect(today).toBeCloseTo(rsi([...closes.slice(0, -1), live]).at(-1)!, 10);
    // A quote of the next day: the live price follows the last bar.
    const tomorrow = liveRsi(figures, live, lastBar + DAY + 3_600_000)!;
    expect(tomorrow).toBeCloseTo(rsi([...closes, live]).at(-1)!, 10);
    // Unchanged price, same day: exactly the RSI of the series.
    expect(liveRsi(figures, closes.at(-1)!, lastBar)).toBeCloseTo(rsi(closes).at(-1)!, 10);
  });

  it('is null with too little history, and 100 or 50 for series without losses or without moves', () => {
    expect(rsiStates([1, 2, 3]).through).toBeNull();
    const rising = symbolFigures(barsOf(Array.from({ length: 20 }, (_, i) => 10 + i)), null, null);
    expect(liveRsi(rising, 40, START + 19 * DAY)).toBe(100);
    const flat = symbolFigures(barsOf(Array(20).fill(10)), null, null);
    expect(liveRsi(flat, 10, START + 19 * DAY)).toBe(50);
  });
});

describe('the rest of a row', () => {
  it('scores like the stock page: the shared rating over the same closes and P/E', () => {
    for (const [, closes] of realSeries) {
      const bars = barsOf(closes);
      const profile = {
        symbol: 'X',
        name: 'X Corporation',
        exchange: 'NMS',
        type: 'EQUITY',
        sector: 'Technology',
        description: '',
        marketCap: 2e12,
        pe: 31.5,
        currency: 'USD',
      };
      const rated = rateStock({ times: bars.map((b) => b.time), closes, pe: 31.5 });
      expect(symbolFigures(bars, profile, null)).toMatchObject({
        score: rated.score,
        rating: rated.rating,
        marketCap: 2e12,
        pe: 31.5,
        name: 'X Corporation',
      });
    }
  });

  it('reads the 52-week high from the last year of daily highs, and volume against the 20 sessions before', () => {
    const closes = Array.from({ length: 400 }, (_, i) => (i === 10 ? 500 : i === 100 ? 300 : 100 + (i % 7)));
    const bars = barsOf(closes, (i) => (i === 399 ? 3_000 : 1_000));
    // Day 10 is more than a year before the last bar; day 100 is within it.
    expect(high52Weeks(bars)).toBeCloseTo(303, 6);
    expect(volumeRatio(bars)).toBe(3);
    expect(volumeRatio(bars.slice(0, 20))).toBeNull();
    expect(volumeRatio(barsOf(Array(30).fill(1), () => 0))).toBeNull();
  });

  it('lays the quote over the figures: price, distance from the high, yield against the price', () => {
    const bars = barsOf(Array.from({ length: 60 }, (_, i) => 100 + i));
    const dividends: DividendInfo = {
      symbol: 'X',
      currency: 'USD',
      trailingAnnualRate: '3.2',
      trailingYield: 0.02,
      frequency: 'quarterly',
      history: [],
      upcoming: [],
    };
    const figures = symbolFigures(bars, null, dividends);
    const at = START + 59 * DAY;
    const row = rowOf('X', quoteOf(160, at), figures);
    expect(row).toMatchObject({
      symbol: 'X',
      name: 'X Corporation',
      price: 160,
      currency: 'USD',
      dividendYieldPercent: 2,
      complete: true,
      stale: false,
    });
    // The high was 159 * 1.01; a price above it is a new high (0), never above it.
    expect(row.fromHigh52wPercent).toBeCloseTo((160 / (159 * 1.01) - 1) * 100, 2);
    expect(rowOf('X', quoteOf(200, at), figures).fromHigh52wPercent).toBe(0);
    // A dividend in another currency than the quote: the provider's own yield.
    expect(rowOf('X', quoteOf(160, at, 'EUR'), figures).dividendYieldPercent).toBe(2);
  });

  it('says what is missing: no quote, no figures yet, a symbol that pays nothing', () => {
    expect(rowOf('X', undefined, undefined)).toMatchObject({
      name: 'X',
      price: null,
      rsi14: null,
      complete: false,
      dividendYieldPercent: null,
    });
    const none = symbolFigures(null, null, {
      symbol: 'X',
      currency: 'USD',
      trailingAnnualRate: null,
      trailingYield: null,
      frequency: null,
      history: [],
      upcoming: [],
    });
    expect(rowOf('X', quoteOf(10, START), none)).toMatchObject({
      name: 'X Corporation',
      price: 10,
      score: null,
      rsi14: null,
      fromHigh52wPercent: null,
      dividendYieldPercent: null,
      complete: true,
    });
  });
});
