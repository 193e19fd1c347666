import { describe, expect, it } from 'vitest';
import { buildChartData } from '../../src/client/features/chart/chartData';
import { mergeLiveUpdate } from '../../src/client/features/chart/liveMerge';
import { CONFIRM_BARS, MAX_CHART_SIGNALS, movingAverageStudy } from '../../src/shared/indicators/crossovers';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import { LOCAL_STOCKS } from '../../src/shared/market/localStocks';
import type { HistoryPoint, Quote } from '../../src/shared/market/types';

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 2, 3, 14, 30);

function bar(time: number, close: number): HistoryPoint {
  return { time, open: close, high: close, low: close, close, volume: 100 };
}

function quote(price: number, time: number): Quote {
  return {
    symbol: 'TEST',
    regularMarketPrice: price,
    currency: 'USD',
    regularMarketChange: 0,
    regularMarketChangePercent: 0,
    shortName: 'Test',
    longName: 'Test Inc.',
    regularMarketTime: time,
  };
}

describe('buildChartData', () => {
  it('colours by last close against first close', () => {
    expect(buildChartData([bar(T0, 10), bar(T0 + MINUTE, 11)]).direction).toBe('up');
    expect(buildChartData([bar(T0, 10), bar(T0 + MINUTE, 9)]).direction).toBe('down');
    // Not above is not up (product.md §2: green only if the last close is above the first).
    expect(buildChartData([bar(T0, 10), bar(T0 + MINUTE, 10)]).direction).toBe('down');
  });

  it('tells intraday bars from daily ones', () => {
    expect(buildChartData([bar(T0, 1), bar(T0 + 5 * MINUTE, 1)]).intraday).toBe(true);
    expect(buildChartData([bar(T0, 1), bar(T0 + DAY, 1), bar(T0 + 2 * DAY, 1)]).intraday).toBe(false);
  });

  it('puts MA gaps as null and maps crossovers to buy and sell indices', () => {
    // Down, then up, then down again: MA20 crosses MA50 both ways.
    const closes = [
      ...Array.from({ length: 80 }, (_, i) => 200 - i),
      ...Array.from({ length: 80 }, (_, i) => 120 + i * 2),
      ...Array.from({ length: 80 }, (_, i) => 280 - i * 2),
    ];
    const points = closes.map((c, i) => bar(T0 + i * DAY, c));
    const data = buildChartData(points);
    expect(data.x).toHaveLength(points.length);
    expect(data.ma20.slice(0, 19).every((v) => v === null)).toBe(true);
    expect(data.ma20[19]).toBeCloseTo(closes.slice(0, 20).reduce((a, b) => a + b) / 20);
    expect(data.ma50[48]).toBeNull();
    expect(data.ma50[49]).not.toBeNull();
    // Clean trends: each cross holds, so its marker sits where the confirmation completes.
    const study = movingAverageStudy(closes);
    const confirmedAt = (type: string) =>
      study.signals.filter((s) => s.type === type).map((s) => s.index + CONFIRM_BARS - 1);
    expect(data.buys).toEqual(confirmedAt('buy'));
    expect(data.sells).toEqual(confirmedAt('sell'));
    expect(data.buys.length).toBeGreaterThan(0);
    expect(data.sells.length).toBeGreaterThan(0);
  });
});

describe('mergeLiveUpdate', () => {
  const minuteBars = [bar(T0, 100), bar(T0 + MINUTE, 101), bar(T0 + 2 * MINUTE, 102)];

  it('replaces the current minute bar on 1D', () => {
    const live = { ...bar(T0 + 2 * MINUTE, 103), high: 104, low: 101 };
    const merged = mergeLiveUpdate(minuteBars, { quote: quote(103, T0 + 2 * MINUTE + 30_000), bar: live }, '1D');
    expect(merged).toHaveLength(3);
    expect(merged[2]).toEqual(live);
    expect(minuteBars[2].close).toBe(102);
  });

  it('appends a new point when a new minute starts', () => {
    const next = bar(T0 + 3 * MINUTE, 99);
    const merged = mergeLiveUpdate(minuteBars, { quote: quote(99, T0 + 3 * MINUTE), bar: next }, '1D');
    expect(merged).toHaveLength(4);
    expect(merged[3]).toEqual(next);
  });

  it('moves the close, high and low of a wider bar and starts the next one on its boundary', () => {
    const fiveMinute = [bar(T0, 100), bar(T0 + 5 * MINUTE, 101)];
    const inside = mergeLiveUpdate(fiveMinute, { quote: quote(107, 0), bar: bar(T0 + 7 * MINUTE, 107) }, '5D');
    expect(inside).toHaveLength(2);
    expect(inside[1]).toMatchObject({ time: T0 + 5 * MINUTE, open: 101, close: 107, high: 107, low: 101 });

    const after = mergeLiveUpdate(inside, { quote: quote(95, 0), bar: bar(T0 + 12 * MINUTE, 95) }, '5D');
    expect(after).toHaveLength(3);
    expect(after[2]).toMatchObject({ time: T0 + 10 * MINUTE, close: 95 });
  });

  it('updates the last daily close from a quote when the provider sends no bar', () => {
    const days = [bar(Date.UTC(2025, 2, 3), 50), bar(Date.UTC(2025, 2, 4), 51)];
    const merged = mergeLiveUpdate(days, { quote: quote(52.5, Date.UTC(2025, 2, 4, 18)), bar: null }, '1Y');
    expect(merged).toHaveLength(2);
    expect(merged[1]).toMatchObject({ close: 52.5, high: 52.5, low: 51 });
    const nextDay = mergeLiveUpdate(merged, { quote: quote(53, Date.UTC(2025, 2, 5, 15)), bar: null }, '1Y');
    expect(nextDay).toHaveLength(3);
    expect(nextDay[2]).toMatchObject({ time: Date.UTC(2025, 2, 5), close: 53 });
  });

  it('ignores old pushes and returns the same array when nothing changes', () => {
    expect(mergeLiveUpdate(minuteBars, { quote: quote(1, T0 - MINUTE), bar: bar(T0 - MINUTE, 1) }, '1D')).toBe(
      minuteBars,
    );
    expect(
      mergeLiveUpdate(minuteBars, { quote: quote(102, T0 + 2 * MINUTE), bar: bar(T0 + 2 * MINUTE, 102) }, '1D'),
    ).toBe(minuteBars);
    expect(mergeLiveUpdate([], { quote: quote(1, T0), bar: null }, '1D')).toEqual([]);
  });
});

describe('chart markers on real-looking data', () => {
  it('show at most a handful per 1D and 5D view of every built-in symbol, open market or closed', async () => {
    // During a session, after the close, and on a weekend (1D is then the last session).
    for (const at of [Date.UTC(2026, 10, 24, 18), Date.UTC(2026, 10, 24, 23), Date.UTC(2026, 10, 28, 12)]) {
      const provider = createSimulatedProvider(() => at);
      for (const { symbol } of LOCAL_STOCKS) {
        for (const timeframe of ['1D', '5D'] as const) {
          const data = buildChartData((await provider.history(symbol, timeframe))!);
          expect(data.buys.length + data.sells.length, `${symbol} ${timeframe}`).toBeLessThanOrEqual(MAX_CHART_SIGNALS);
        }
      }
    }
  });
});

describe('market-closed gaps on intraday charts', () => {
  it('close up nights and weekends on a 5D chart, so each session gets its share of the width', async () => {
    const provider = createSimulatedProvider(() => Date.UTC(2026, 10, 30, 13)); // Monday before the open
    const data = buildChartData((await provider.history('MSFT', '5D'))!);
    expect(data.compressed).toBe(true);
    const step = 5 * 60_000;
    // Five sessions of 78 bars, every one drawn one bar after the last: the width is the bars', not the week's.
    expect(data.x.at(-1)! - data.x[0]).toBe((data.x.length - 1) * step);
    // Real times are kept for the labels.
    expect(data.times.at(-1)! - data.times[0]).toBeGreaterThan(6 * 86_400_000);
  });

  it('leave a single session, around-the-clock crypto and daily bars as they are', async () => {
    const provider = createSimulatedProvider(() => Date.UTC(2026, 10, 24, 18));
    for (const [symbol, timeframe] of [
      ['AAPL', '1D'],
      ['BTC-USD', '5D'],
      ['AAPL', '6M'],
    ] as const) {
      const data = buildChartData((await provider.history(symbol, timeframe))!);
      expect(data.compressed, `${symbol} ${timeframe}`).toBe(false);
      expect(data.x).toEqual(data.times);
    }
  });
});
