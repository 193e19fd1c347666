import { describe, expect, it } from 'vitest';
import { POPULAR_WATCHLIST, TIMEFRAMES } from '../../src/shared/market/constants';
import { LOCAL_STOCKS, POPULAR_STOCKS } from '../../src/shared/market/localStocks';
import { BAR_SIZE_MS, TIMEFRAME_SPECS } from '../../src/shared/market/timeframes';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import { REFERENCE } from '../../src/server/market/simulated/reference';

const NOW = Date.UTC(2026, 10, 21, 14, 37, 25);
const MINUTE = 60_000;

describe('simulated market reference data', () => {
  it('covers the popular watchlist and both local lists (~30 and ~70 names) with complete rows', () => {
    expect(POPULAR_STOCKS.length).toBe(30);
    expect(LOCAL_STOCKS.length).toBeGreaterThanOrEqual(65);
    expect(LOCAL_STOCKS.length).toBeLessThanOrEqual(75);
    const local = new Set(LOCAL_STOCKS.map((s) => s.symbol));
    expect(local.size).toBe(LOCAL_STOCKS.length);
    for (const symbol of [...POPULAR_WATCHLIST, ...local]) {
      expect(local.has(symbol), `${symbol} in LOCAL_STOCKS`).toBe(true);
      const row = REFERENCE[symbol];
      expect(row, `${symbol} has a reference row`).toBeDefined();
      expect(row.price).toBeGreaterThan(0);
      expect(row.vol).toBeGreaterThan(0.05);
      expect(row.description.length).toBeGreaterThan(60);
    }
    expect(Object.keys(REFERENCE).sort()).toEqual([...local].sort());
  });
});

describe('simulated market prices', () => {
  it('are the same for the same symbol and minute in independent instances, and differ across symbols', async () => {
    const a = createSimulatedProvider(() => NOW);
    const b = createSimulatedProvider(() => NOW + 20_000); // same minute
    const qa = await a.quotes(['AAPL', 'MSFT']);
    const qb = await b.quotes(['AAPL', 'MSFT']);
    expect(qa).toEqual(qb);
    expect(qa.AAPL.regularMarketPrice).not.toBe(qa.MSFT.regularMarketPrice);
    expect(await a.history('NVDA', '5D')).toEqual(await b.history('NVDA', '5D'));
  });

  it('stay at a realistic level for every symbol', async () => {
    const provider = createSimulatedProvider(() => NOW);
    const quotes = await provider.quotes(LOCAL_STOCKS.map((s) => s.symbol));
    expect(Object.keys(quotes).length).toBe(LOCAL_STOCKS.length);
    for (const [symbol, quote] of Object.entries(quotes)) {
      const ratio = quote.regularMarketPrice / REFERENCE[symbol].price;
      expect(ratio, symbol).toBeGreaterThan(0.3);
      expect(ratio, symbol).toBeLessThan(3);
      expect(Math.abs(quote.regularMarketChangePercent), symbol).toBeLessThan(25);
    }
  });

  it('end every timeframe on the current quote, with the bar size of the shared table', async () => {
    const provider = createSimulatedProvider(() => NOW);
    const { SPY } = await provider.quotes(['SPY']);
    for (const timeframe of TIMEFRAMES) {
      const points = (await provider.history('SPY', timeframe))!;
      expect(points.length, timeframe).toBeGreaterThan(timeframe === 'YTD' ? 100 : 50);
      expect(points.at(-1)!.close, timeframe).toBe(SPY.regularMarketPrice);
      const spec = TIMEFRAME_SPECS[timeframe];
      if (spec.bar !== '1wk') expect(points[1].time - points[0].time, timeframe).toBe(BAR_SIZE_MS[spec.bar]);
      else expect(new Date(points[0].time).getUTCDay()).toBe(1); // weeks start on Monday
      for (const p of points) {
        expect(p.high).toBeGreaterThanOrEqual(Math.max(p.open, p.close));
        expect(p.low).toBeLessThanOrEqual(Math.min(p.open, p.close));
      }
      for (let i = 1; i < points.length; i++) expect(points[i].time).toBeGreaterThan(points[i - 1].time);
    }
  });

  it('agree across timeframes: 5-minute bars are built from the 1-minute bars, daily closes match intraday', async () => {
    const provider = createSimulatedProvider(() => NOW);
    const minutes = (await provider.history('AAPL', '1D'))!;
    const fives = (await provider.history('AAPL', '5D'))!;
    const daily = (await provider.history('AAPL', '6M'))!;
    const five = fives.find((b) => b.time === minutes[100].time - (minutes[100].time % (5 * MINUTE)))!;
    const inside = minutes.filter((m) => m.time >= five.time && m.time < five.time + 5 * MINUTE);
    expect(inside.length).toBe(5);
    expect(five.open).toBe(inside[0].open);
    expect(five.close).toBe(inside[4].close);
    expect(five.high).toBe(Math.max(...inside.map((m) => m.high)));
    expect(five.low).toBe(Math.min(...inside.map((m) => m.low)));
    expect(five.volume).toBe(inside.reduce((s, m) => s + m.volume, 0));
    // Yesterday's daily close is the last 1-minute close before midnight UTC.
    const midnight = Math.floor(NOW / 86_400_000) * 86_400_000;
    const lastMinuteOfYesterday = minutes.find((m) => m.time === midnight - MINUTE)!;
    const yesterday = daily.find((d) => d.time === midnight - 86_400_000)!;
    expect(lastMinuteOfYesterday.close).toBe(yesterday.close);
    expect(daily.at(-1)!.open).toBe(yesterday.close);
  });

  it('add a new 1-minute bar each minute, around the clock', async () => {
    let now = Date.UTC(2026, 10, 22, 3, 0, 5); // a Sunday, 3 am UTC
    const provider = createSimulatedProvider(() => now);
    const before = (await provider.history('TSLA', '1D'))!;
    const bar = await provider.currentBar!('TSLA');
    expect(bar).toEqual(before.at(-1));
    now += MINUTE;
    const after = (await provider.history('TSLA', '1D'))!;
    expect(after.at(-1)!.time).toBe(before.at(-1)!.time + MINUTE);
    expect(after.at(-2)).toEqual(before.at(-1));
    expect(provider.nextChangeAt!(now)).toBe(Math.floor(now / MINUTE) * MINUTE + MINUTE);
  });

  it('know only the built-in symbols', async () => {
    const provider = createSimulatedProvider(() => NOW);
    expect(await provider.quotes(['NOPE', 'AAPL'])).toHaveProperty('AAPL');
    expect(await provider.quotes(['NOPE'])).toEqual({});
    expect(await provider.history('NOPE', '1D')).toBeNull();
    expect(await provider.profile('NOPE')).toBeNull();
  });

  it('describe each symbol, with market cap and P/E that move with the price and none for funds', async () => {
    const provider = createSimulatedProvider(() => NOW);
    const apple = (await provider.profile('AAPL'))!;
    const { AAPL } = await provider.quotes(['AAPL']);
    expect(apple).toMatchObject({ symbol: 'AAPL', name: 'Apple Inc.', exchange: 'NASDAQ', type: 'EQUITY', sector: 'Technology' });
    expect(apple.marketCap! / REFERENCE.AAPL.cap!).toBeCloseTo(AAPL.regularMarketPrice / REFERENCE.AAPL.price, 3);
    expect(apple.pe).toBeGreaterThan(0);
    const spy = (await provider.profile('SPY'))!;
    expect(spy.type).toBe('ETF');
    expect(spy.pe).toBeNull();
    expect((await provider.profile('^IXIC'))!.type).toBe('INDEX');
  });

  it('searches the local lists by symbol and by name', async () => {
    const provider = createSimulatedProvider(() => NOW);
    expect((await provider.search('aapl', 9))[0].symbol).toBe('AAPL');
    expect((await provider.search('micro', 9)).map((r) => r.symbol)).toEqual(expect.arrayContaining(['MSFT', 'AMD', 'MU']));
    expect((await provider.search('ixic', 9))[0]).toMatchObject({ symbol: '^IXIC', type: 'INDEX', typeDisp: 'Index' });
    expect(await provider.search('zzzzzz', 9)).toEqual([]);
  });
});

describe('simulated daily change', () => {
  it('is measured from where the 1D chart starts, so the chart colour and the change agree', async () => {
    const provider = createSimulatedProvider(() => NOW);
    const symbols = [...POPULAR_WATCHLIST];
    const quotes = await provider.quotes(symbols);
    for (const symbol of symbols) {
      const day = (await provider.history(symbol, '1D'))!;
      const chartMove = day[day.length - 1].close - day[0].close;
      const quote = quotes[symbol];
      // Within a cent of the chart's own first-to-last move (the reference minute and the first bar may differ by one).
      expect(Math.abs(quote.regularMarketChange - chartMove), symbol).toBeLessThan(Math.max(0.02, quote.regularMarketPrice * 0.002));
    }
  });
});

describe('a long simulated history leaves the event loop free (issue 17 item 4)', () => {
  it('other callbacks run while five cold years of bars are produced', async () => {
    const provider = createSimulatedProvider(() => NOW);
    let turns = 0;
    let producing = true;
    const turn = () => {
      if (!producing) return;
      turns++;
      setImmediate(turn);
    };
    setImmediate(turn);
    // Five years walk 2.6 million simulated minutes: in one piece, no other callback ran until it was done.
    const bars = await provider.history('MSFT', '5Y');
    producing = false;
    expect(bars!.length).toBeGreaterThan(250);
    expect(turns).toBeGreaterThan(1);
  });
});
