import { describe, expect, it } from 'vitest';
import {
  annualizedVolatility,
  confirmedCrossovers,
  crossoverSignals,
  drawdownFromHigh,
  movingAverageStudy,
  percentChangeSince,
  rsi,
  sma,
  toChartSeries,
  type CrossSignal,
} from '../../src/shared/indicators';
import { fixtureDailyCloses } from '../helpers/yahooFixtures';

/** The textbook definitions, O(n * period), to check the fast ones against. */
function naiveSma(values: number[], period: number): number[] {
  return values.map((_, i) => {
    if (i < period - 1) return NaN;
    let sum = 0;
    for (let j = i - period + 1; j <= i; j++) sum += values[j];
    return sum / period;
  });
}

/** A cross is a change of strict side; equal bars keep the side they had. */
function naiveSignals(fast: ArrayLike<number>, slow: ArrayLike<number>): CrossSignal[] {
  const out: CrossSignal[] = [];
  const sides: number[] = [];
  for (let i = 0; i < fast.length; i++) {
    if (Number.isNaN(fast[i]) || Number.isNaN(slow[i]) || fast[i] === slow[i]) continue;
    const side = fast[i] > slow[i] ? 1 : -1;
    const previous = sides[sides.length - 1];
    if (previous !== undefined && previous !== side) out.push({ index: i, type: side > 0 ? 'buy' : 'sell' });
    sides.push(side);
  }
  return out;
}

/** Deterministic pseudo-random walk (mulberry32), so failures reproduce. */
function randomWalk(n: number, seed: number, start = 100): number[] {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [start];
  for (let i = 1; i < n; i++) out.push(Math.max(0.01, out[i - 1] * (1 + (rand() - 0.5) * 0.04)));
  return out;
}

/** Same length, NaN where expected is NaN, and within a relative tolerance elsewhere (first mismatch reported). */
function expectClose(actual: ArrayLike<number>, expected: number[], relative = 1e-9) {
  expect(actual.length).toBe(expected.length);
  let mismatch: string | null = null;
  for (let i = 0; i < expected.length && !mismatch; i++) {
    const ok = Number.isNaN(expected[i])
      ? Number.isNaN(actual[i])
      : Math.abs(actual[i] - expected[i]) <= relative * Math.abs(expected[i]) + 1e-12;
    if (!ok) mismatch = `index ${i}: got ${actual[i]}, expected ${expected[i]}`;
  }
  expect(mismatch).toBeNull();
}

describe('sma', () => {
  it('matches the naive average on random series for periods 1, 2, 20 and 50', () => {
    for (const seed of [1, 2, 3]) {
      const series = randomWalk(5_000, seed);
      for (const period of [1, 2, 20, 50]) expectClose(sma(series, period), naiveSma(series, period));
    }
  });

  it('stays exact over a million points (no drift of the running sum)', () => {
    const series = randomWalk(1_000_000, 7, 5_000);
    const fast = sma(series, 50);
    const tail = series.slice(-200);
    expectClose(fast.slice(-150), naiveSma(tail, 50).slice(-150), 1e-10);
  });

  it('leaves the warm-up as NaN, shown as null gaps to charts', () => {
    const out = sma([1, 2, 3, 4], 3);
    expect(toChartSeries(out)).toEqual([null, null, 2, 3]);
    expect(Array.from(sma([5, 5], 3)).every(Number.isNaN)).toBe(true);
  });

  it('rejects a period that is not a positive integer', () => {
    expect(() => sma([1, 2], 0)).toThrow(RangeError);
    expect(() => sma([1, 2], 2.5)).toThrow(RangeError);
  });
});

describe('crossover signals', () => {
  it('finds a buy where MA20 crosses above MA50 and a sell where it crosses below', () => {
    const fast = [NaN, 1, 2, 3, 2, 1];
    const slow = [NaN, 2, 2, 2, 2, 2];
    // side: below, tie (keeps below), above -> buy at 3; tie keeps above; below -> sell at 5.
    expect(crossoverSignals(fast, slow)).toEqual([
      { index: 3, type: 'buy' },
      { index: 5, type: 'sell' },
    ]);
  });

  it('does not signal a touch that bounces back', () => {
    expect(crossoverSignals([3, 2, 3], [2, 2, 2])).toEqual([]);
  });

  it('matches the naive definition on random series', () => {
    for (const seed of [11, 12, 13, 14]) {
      const series = randomWalk(20_000, seed);
      const { maShort, maLong, signals } = movingAverageStudy(series);
      expect(signals.length).toBeGreaterThan(10);
      expect(signals).toEqual(naiveSignals(naiveSma(series, 20), naiveSma(series, 50)));
      expectClose(maShort, naiveSma(series, 20));
      expectClose(maLong, naiveSma(series, 50));
      // Buys and sells alternate by construction.
      for (let i = 1; i < signals.length; i++) expect(signals[i].type).not.toBe(signals[i - 1].type);
    }
  });
});

describe('indicators on real Yahoo daily closes', () => {
  it('SMA20/50 and signals match the naive versions on every recorded daily series', () => {
    const series = fixtureDailyCloses();
    const tsla = series.get('historical-via-chart-dividends-TSLA-no-dividends.json')!;
    const aapl = series.get('chart-AAPL-2020-08-31-to-2020-11-07.json')!;
    expect(tsla.length).toBeGreaterThan(3000);
    expect(aapl.length).toBeGreaterThan(45);
    let totalSignals = 0;
    for (const [, closes] of series) {
      const { maShort, maLong, signals } = movingAverageStudy(closes);
      expectClose(maShort, naiveSma(closes, 20));
      expectClose(maLong, naiveSma(closes, 50));
      expect(signals).toEqual(naiveSignals(naiveSma(closes, 20), naiveSma(closes, 50)));
      totalSignals += signals.length;
    }
    // TSLA's thirteen years of closes cross many times; short recordings cannot cross at all.
    expect(totalSignals).toBeGreaterThan(50);
  });
});

describe('rsi', () => {
  it('is 100 on a steady rise, 0 on a steady fall and NaN before 14 changes', () => {
    const up = Array.from({ length: 30 }, (_, i) => 100 + i);
    const down = Array.from({ length: 30 }, (_, i) => 100 - i);
    expect(rsi(up)[13]).toBeNaN();
    expect(rsi(up)[14]).toBe(100);
    expect(rsi(down)[29]).toBe(0);
    expect(rsi(Array(20).fill(5))[19]).toBe(50);
  });

  it('matches the classic Wilder worked example', () => {
    // The worked example most references reproduce; RSI(14) at the 15th close is about 70.5 (70.46 unrounded).
    const closes = [
      44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0,
      46.03, 46.41, 46.22, 45.64,
    ];
    const values = rsi(closes);
    expect(values[14]).toBeCloseTo(70.46, 1);
    expect(values[19]).toBeGreaterThan(40);
    expect(values[19]).toBeLessThan(70);
  });
});

describe('price statistics', () => {
  const day = 86_400_000;
  it('measures change since a date, drawdown and annualized volatility', () => {
    const times = [0, day, 2 * day, 3 * day];
    const closes = [100, 120, 90, 99];
    expect(percentChangeSince(times, closes, day)).toBeCloseTo(-17.5);
    expect(percentChangeSince(times, closes, -day)).toBeNull();
    expect(drawdownFromHigh(closes)).toBeCloseTo(-17.5);
    expect(drawdownFromHigh([1, 2, 3])).toBe(0);
    // Alternating +1%/-1% daily: about 1% daily deviation, times sqrt(365.25) a year.
    const alt = Array.from({ length: 101 }, (_, i) => (i % 2 ? 101 : 100));
    const altTimes = alt.map((_, i) => i * day);
    expect(annualizedVolatility(altTimes, alt)!).toBeCloseTo(
      Math.log(1.01) * Math.sqrt(365.25) * 100 * Math.sqrt(100 / 99),
      0,
    );
  });
});

describe('confirmed crossovers (chart markers)', () => {
  const sides = (...runs: [number, number][]) => runs.flatMap(([side, length]) => Array<number>(length).fill(side));

  it('count a cross once the new side has held for the confirmation bars, on the bar that confirms it', () => {
    const fast = sides([1, 5], [-1, 4]);
    const slow = fast.map(() => 0);
    expect(confirmedCrossovers(fast, slow, 3)).toEqual([{ index: 7, type: 'sell' }]);
  });

  it('ignore a whipsaw that turns back before it is confirmed, and alternate buy and sell', () => {
    const fast = sides([1, 5], [-1, 2], [1, 3], [-1, 3], [1, 4]);
    const slow = fast.map(() => 0);
    expect(confirmedCrossovers(fast, slow, 3)).toEqual([
      { index: 12, type: 'sell' },
      { index: 15, type: 'buy' },
    ]);
  });

  it('keep only the newest signals', () => {
    const fast = sides([1, 3], [-1, 3], [1, 3], [-1, 3], [1, 3]);
    const slow = fast.map(() => 0);
    expect(confirmedCrossovers(fast, slow, 2, 2)).toEqual([
      { index: 10, type: 'sell' },
      { index: 13, type: 'buy' },
    ]);
  });
});
