import { describe, expect, it } from 'vitest';
import { POPULAR_WATCHLIST, TIMEFRAMES } from '../../src/shared/market/constants';
import { LOCAL_STOCKS, POPULAR_STOCKS } from '../../src/shared/market/localStocks';
import { BAR_SIZE_MS, TIMEFRAME_SPECS } from '../../src/shared/market/timeframes';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import { REFERENCE } from '../../src/server/market/simulated/reference';
import { betaAgainst } from '../../src/server/modules/portfolios/analysis/series';
import { sessionOn } from '../../src/shared/market/nyseCalendar';

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
    // The built-in names lead the universe, in their own order (the rest of it: tests/unit/market-universe.test.ts).
    expect(Object.keys(REFERENCE).slice(0, LOCAL_STOCKS.length)).toEqual(LOCAL_STOCKS.map((s) => s.symbol));
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
      // Bars follow each other at the bar size, except across nights, weekends and holidays.
      const gaps = points.slice(1).map((p, i) => p.time - points[i].time);
      if (spec.bar !== '1wk') expect(Math.min(...gaps), timeframe).toBe(BAR_SIZE_MS[spec.bar]);
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
    // The session's last minute closes at the day's close; the session opens at the close of the day before.
    expect(minutes.at(-1)!.close).toBe(daily.at(-1)!.close);
    expect(minutes[0].open).toBe(daily.at(-2)!.close);
    expect(daily.at(-1)!.open).toBe(daily.at(-2)!.close);
  });

  it('add a new 1-minute bar each minute while the exchange trades', async () => {
    let now = Date.UTC(2026, 10, 24, 17, 0, 5); // Tuesday, 12:00 New York
    const provider = createSimulatedProvider(() => now);
    const before = (await provider.history('TSLA', '1D'))!;
    expect(await provider.currentBar!('TSLA')).toEqual(before.at(-1));
    now += MINUTE;
    const after = (await provider.history('TSLA', '1D'))!;
    expect(after.at(-1)!.time).toBe(before.at(-1)!.time + MINUTE);
    expect(after.at(-2)).toEqual(before.at(-1));
    expect(provider.nextChangeAt!(now)).toBe(Math.floor(now / MINUTE) * MINUTE + MINUTE);
  });

  it('stand still outside the session: no new bars, no current bar, the last close quoted as closed', async () => {
    let now = Date.UTC(2026, 10, 22, 3, 0, 5); // a Sunday, 3 am UTC
    const provider = createSimulatedProvider(() => now);
    const before = (await provider.history('TSLA', '1D'))!;
    const { TSLA } = await provider.quotes(['TSLA']);
    expect(await provider.currentBar!('TSLA')).toBeNull();
    expect(TSLA.marketState).toBe('closed');
    expect(TSLA.regularMarketPrice).toBe(before.at(-1)!.close);
    // Friday's last minute, 15:59 New York.
    expect(new Date(TSLA.regularMarketTime).toISOString()).toBe('2026-11-20T20:59:00.000Z');
    now += 6 * 3_600_000;
    expect(await provider.history('TSLA', '1D')).toEqual(before);
    expect((await provider.quotes(['TSLA'])).TSLA.regularMarketPrice).toBe(TSLA.regularMarketPrice);
  });

  it('keep crypto trading around the clock, weekends included', async () => {
    let now = Date.UTC(2026, 10, 22, 3, 0, 5); // a Sunday
    const provider = createSimulatedProvider(() => now);
    const day = (await provider.history('BTC-USD', '1D'))!;
    expect(day.length).toBeGreaterThanOrEqual(1439);
    const { 'BTC-USD': btc } = await provider.quotes(['BTC-USD']);
    expect(btc.marketState).toBe('open');
    expect(await provider.currentBar!('BTC-USD')).toEqual(day.at(-1));
    const weekend = (await provider.history('BTC-USD', '5D'))!.filter((b) =>
      [0, 6].includes(new Date(b.time).getUTCDay()),
    );
    expect(weekend.length).toBeGreaterThan(300); // Saturday and Sunday's first three hours, in 5-minute bars
    now += MINUTE;
    expect((await provider.history('BTC-USD', '1D'))!.at(-1)!.time).toBe(day.at(-1)!.time + MINUTE);
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
    expect(apple).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      exchange: 'NASDAQ',
      type: 'EQUITY',
      sector: 'Technology',
    });
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
    expect((await provider.search('micro', 9)).map((r) => r.symbol)).toEqual(
      expect.arrayContaining(['MSFT', 'AMD', 'MU']),
    );
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
      const chartMove = day[day.length - 1].close - day[0].open;
      const quote = quotes[symbol];
      // The chart's own move from its opening price (for crypto the reference minute and the first bar may differ by one).
      expect(Math.abs(quote.regularMarketChange - chartMove), symbol).toBeLessThan(
        Math.max(0.02, quote.regularMarketPrice * 0.002),
      );
    }
  });
});

describe('simulated trading sessions', () => {
  const inSession = (time: number) => {
    const session = sessionOn(Math.floor(time / 86_400_000));
    return session !== null && time >= session.open && time < session.close;
  };

  it('make 1D one session (the current one once open) and 5D five, with no night, weekend or holiday bars', async () => {
    const tuesdayNoon = Date.UTC(2026, 10, 24, 17); // 12:00 New York
    const open = createSimulatedProvider(() => tuesdayNoon);
    const today = (await open.history('AAPL', '1D'))!;
    expect(new Date(today[0].time).toISOString()).toBe('2026-11-24T14:30:00.000Z');
    expect(today.length).toBe(150 + 1);
    // The Monday after Thanksgiving week, before the open: 1D is Friday the 27th, 5D skips Thanksgiving.
    const mondayMorning = Date.UTC(2026, 10, 30, 13);
    const closed = createSimulatedProvider(() => mondayMorning);
    const oneDay = (await closed.history('AAPL', '1D'))!;
    expect(oneDay.length).toBe(390);
    expect(new Date(oneDay[0].time).toISOString()).toBe('2026-11-27T14:30:00.000Z');
    const fiveDays = (await closed.history('MSFT', '5D'))!;
    expect(fiveDays.every((b) => inSession(b.time))).toBe(true);
    const dates = [...new Set(fiveDays.map((b) => new Date(b.time).toISOString().slice(0, 10)))];
    expect(dates).toEqual(['2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-27']);
    expect(fiveDays.length).toBe(5 * 78);
    const month = (await closed.history('MSFT', '1M'))!;
    expect(month.every((b) => inSession(b.time))).toBe(true);
    const daily = (await closed.history('MSFT', '6M'))!;
    const dailyDates = daily.map((b) => new Date(b.time).toISOString().slice(0, 10));
    expect(dailyDates).not.toContain('2026-11-26');
    expect(daily.every((b) => ![0, 6].includes(new Date(b.time).getUTCDay()))).toBe(true);
  });

  it('quote the market as open only during the session, with the change measured from the previous close', async () => {
    const at = (time: number) =>
      createSimulatedProvider(() => time)
        .quotes(['SPY'])
        .then((q) => q.SPY);
    expect((await at(Date.UTC(2026, 10, 24, 14, 29))).marketState).toBe('closed');
    expect((await at(Date.UTC(2026, 10, 24, 14, 30))).marketState).toBe('open');
    expect((await at(Date.UTC(2026, 10, 26, 17))).marketState).toBe('closed'); // Thanksgiving
    const provider = createSimulatedProvider(() => Date.UTC(2026, 10, 24, 23));
    const { SPY } = await provider.quotes(['SPY']);
    const daily = (await provider.history('SPY', '1M'))!;
    const days = (await provider.dailyHistory!('SPY', Date.UTC(2026, 10, 20)))!;
    expect(SPY.regularMarketPrice).toBe(days.at(-1)!.close);
    expect(SPY.regularMarketChange).toBeCloseTo(days.at(-1)!.close - days.at(-2)!.close, 2);
    expect(daily.at(-1)!.close).toBe(SPY.regularMarketPrice);
  });
});

describe('simulated market factor', () => {
  // A year of daily closes at a pinned time; betas are measured the way the portfolio analysis measures them.
  const AT = Date.UTC(2026, 10, 24, 18);
  const provider = createSimulatedProvider(() => AT);
  const series = async (symbol: string) => {
    const points = (await provider.history(symbol, '1Y'))!;
    return { times: points.map((p) => p.time), values: points.map((p) => p.close) };
  };
  const betaOf = async (symbol: string) => betaAgainst(await series(symbol), await series('SPY'))!;

  it('gives big tech a beta against SPY of 0.8-1.5 and consumer staples a lower one', async () => {
    for (const symbol of ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'META', 'NVDA']) {
      const beta = await betaOf(symbol);
      expect(beta, symbol).toBeGreaterThanOrEqual(0.8);
      expect(beta, symbol).toBeLessThanOrEqual(1.5);
    }
    for (const symbol of ['PG', 'KO', 'PEP', 'WMT']) {
      const beta = await betaOf(symbol);
      expect(beta, symbol).toBeGreaterThan(0.2);
      expect(beta, symbol).toBeLessThan(0.7);
    }
  });

  it('keeps the indices consistent with their members: S&P 500 funds move as one, the Nasdaq with tech', async () => {
    for (const symbol of ['^GSPC', 'VOO']) expect(await betaOf(symbol), symbol).toBeCloseTo(1, 1);
    const nasdaq = await series('^IXIC');
    expect(betaAgainst(await series('QQQ'), nasdaq)!).toBeCloseTo(1, 0);
    expect(betaAgainst(await series('AAPL'), nasdaq)!).toBeGreaterThan(0.6);
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
