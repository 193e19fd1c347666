import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { MarketUnavailableError } from '../../src/server/market/errors';
import type { MarketDataProvider } from '../../src/server/market/provider';
import { MarketService } from '../../src/server/market/service';
import {
  isContract,
  lastSessions,
  mapChartQuotes,
  mapQuote,
  mapSearchResult,
  toMillis,
} from '../../src/server/market/yahoo/mapping';
import { createYahooProvider } from '../../src/server/market/yahoo/provider';
import { createYahooFixtureFetch, readFixture } from '../helpers/yahooFixtures';

const NOW = Date.UTC(2025, 1, 17, 12, 0, 0);
const log = pino({ level: 'silent' });

function setup() {
  const network = createYahooFixtureFetch();
  const provider = createYahooProvider({ log, now: () => NOW, fetch: network.fetch });
  return { network, provider };
}

describe('yahoo mapping', () => {
  it('reads dates in every form Yahoo uses and drops bars without a close', () => {
    expect(toMillis(new Date(1_000))).toBe(1_000);
    expect(toMillis(1739566800)).toBe(1739566800_000);
    expect(toMillis('2020-01-02T14:30:00.000Z')).toBe(Date.UTC(2020, 0, 2, 14, 30));
    expect(toMillis('nonsense')).toBeNull();
    const points = mapChartQuotes([
      { date: new Date(2_000), open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 },
      { date: new Date(1_000), open: null, high: null, low: null, close: null, volume: null },
      { date: new Date(3_000), open: null, high: null, low: null, close: 2, volume: null },
    ]);
    expect(points).toEqual([
      { time: 2_000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 },
      { time: 3_000, open: 2, high: 2, low: 2, close: 2, volume: 0 },
    ]);
    expect(mapQuote({ symbol: 'X' }, NOW)).toBeNull();
  });

  it('keeps whole trading sessions in the exchange time zone', () => {
    const at = (d: number, h: number) => ({
      time: Date.UTC(2025, 0, d, h),
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume: 0,
    });
    // New York is UTC-5: 01:00 UTC on the 3rd still belongs to the 2nd's session.
    const points = [at(1, 15), at(2, 15), at(3, 1), at(3, 15), at(3, 20)];
    expect(lastSessions(points, 1, -5 * 3600)).toEqual([at(3, 15), at(3, 20)]);
    expect(lastSessions(points, 2, -5 * 3600)).toEqual([at(2, 15), at(3, 1), at(3, 15), at(3, 20)]);
  });
});

describe('yahoo provider on recorded answers', () => {
  it('maps v7 quotes, several symbols in one call, leaving unknown symbols out', async () => {
    const { provider, network } = setup();
    const quotes = await provider.quotes(['AAPL', 'QQQ', 'BTC-USD', 'EURUSD=X', 'NOPE']);
    expect(Object.keys(quotes).sort()).toEqual(['AAPL', 'BTC-USD', 'EURUSD=X', 'QQQ']);
    expect(quotes.AAPL).toEqual({
      symbol: 'AAPL',
      regularMarketPrice: 244.6,
      currency: 'USD',
      regularMarketChange: 3.07,
      regularMarketChangePercent: 1.2711,
      shortName: 'Apple Inc.',
      longName: 'Apple Inc.',
      regularMarketTime: 1739566800_000,
    });
    expect(quotes.QQQ).toMatchObject({
      shortName: 'Invesco QQQ Trust, Series 1',
      longName: 'Invesco QQQ Trust',
      regularMarketPrice: 538.15,
    });
    expect(quotes['EURUSD=X'].longName).toBe('EUR/USD');
    const quoteCalls = network.urls.filter((u) => u.includes('/v7/finance/quote'));
    expect(quoteCalls.length).toBe(1);
    expect(decodeURIComponent(quoteCalls[0])).toContain('symbols=AAPL,QQQ,BTC-USD,EURUSD=X,NOPE');
    // Only Yahoo's own hosts were contacted.
    for (const url of network.urls) expect(new URL(url).hostname).toMatch(/(^|\.)yahoo\.com$/);
  });

  it('quotes London shares in pounds, not the pence Yahoo sends, and every quote with its currency', async () => {
    const { provider } = setup();
    const raw = readFixture('quote-OCDO.L.json').response.bodyJson.quoteResponse.result[0];
    expect(raw).toMatchObject({ currency: 'GBp', regularMarketPrice: 308.8 });
    const quotes = await provider.quotes(['OCDO.L', 'AZT.OL', 'WSKT.JK', 'BTC-USD']);
    expect(quotes['OCDO.L']).toMatchObject({ currency: 'GBP', regularMarketPrice: 3.088 });
    expect(quotes['OCDO.L'].regularMarketChange).toBeCloseTo(raw.regularMarketChange / 100, 4);
    expect(quotes['OCDO.L'].regularMarketChangePercent).toBeCloseTo(raw.regularMarketChangePercent, 4);
    expect(quotes['AZT.OL'].currency).toBe('NOK');
    expect(quotes['WSKT.JK'].currency).toBe('IDR');
    expect(quotes['BTC-USD'].currency).toBe('USD');
    // The market cap Yahoo gives is in pounds already (308.8p x 823M shares).
    const profile = (await provider.profile('OCDO.L'))!;
    expect(profile).toMatchObject({ currency: 'GBP', marketCap: raw.marketCap });
    // Its chart comes in pence too, and leaves in pounds, so the chart and the quote agree.
    const chart = readFixture('chart-OCDO.L-2020-01-01-to-2020-01-03.json').response.bodyJson.chart.result[0];
    expect(chart.meta.currency).toBe('GBp');
    const points = (await provider.history('OCDO.L', '1Y'))!;
    expect(points.at(-1)!.close).toBeCloseTo(chart.indicators.quote[0].close.at(-1) / 100, 4);
    expect((await provider.dailyHistory!('OCDO.L', NOW - 365 * 86_400_000))!.at(-1)!.close).toBe(points.at(-1)!.close);
  });

  it('maps search results to our shape, dropping entries Yahoo marks as not its own', async () => {
    const { provider } = setup();
    const results = await provider.search('AAPL', 9);
    const raw = readFixture('search-AAPL.json').response.bodyJson.quotes as {
      isYahooFinance: boolean;
      quoteType?: string;
    }[];
    const stocks = raw.filter((q) => q.isYahooFinance && q.quoteType !== 'OPTION');
    expect(results.length).toBe(stocks.length);
    expect(results[0]).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      exchange: 'NASDAQ',
      shortname: 'Apple Inc.',
      longname: 'Apple Inc.',
      exchDisp: 'NASDAQ',
      exch: 'NMS',
      typeDisp: 'Equity',
      type: 'EQUITY',
    });
    const crypto = await provider.search('BTC-USD', 3);
    expect(crypto.length).toBe(3);
    expect(crypto[0]).toMatchObject({
      symbol: 'BTC-USD',
      type: 'CRYPTOCURRENCY',
      typeDisp: 'Cryptocurrency',
      exchDisp: 'CCC',
    });
    expect(await provider.search('nothing-recorded', 9)).toEqual([]);
  });

  it('never offers option or futures contracts as stocks', async () => {
    const { provider } = setup();
    // Every recorded search whose answer mixes contracts in with stocks.
    for (const query of ['AAPL', 'ABBV', 'BABA', 'BFLY', 'GC=F', 'GOOG', 'SPOT']) {
      const raw = readFixture(`search-${query}.json`).response.bodyJson.quotes as {
        symbol?: string;
        quoteType?: string;
      }[];
      const contracts = raw.filter((q) => q.quoteType === 'OPTION' || q.quoteType === 'FUTURE').map((q) => q.symbol);
      expect(contracts.length, query).toBeGreaterThan(0);
      const results = await provider.search(query, 20);
      for (const r of results) {
        expect(contracts, `${query}: ${r.symbol}`).not.toContain(r.symbol);
        expect(r.type, `${query}: ${r.symbol}`).not.toMatch(/^(OPTION|FUTURE)$/);
      }
    }
    const goog = await provider.search('GOOG', 20);
    expect(goog.map((r) => r.symbol)).toContain('GOOG');
  });

  it('tells contracts from stocks by type or by an OCC option symbol', () => {
    expect(isContract({ symbol: 'AMZN260116P00115000' })).toBe(true);
    expect(isContract({ symbol: 'AMZN260116P00115000', quoteType: 'EQUITY' })).toBe(true);
    expect(isContract({ symbol: 'GC=F', quoteType: 'FUTURE' })).toBe(true);
    expect(isContract({ symbol: 'AAPL', quoteType: 'EQUITY' })).toBe(false);
    expect(isContract({ symbol: 'BRK.B', quoteType: 'EQUITY' })).toBe(false);
    expect(isContract({ symbol: 'BTC-USD', quoteType: 'CRYPTOCURRENCY' })).toBe(false);
    expect(mapSearchResult({ symbol: 'AAPL251219C00120000', quoteType: 'OPTION', isYahooFinance: true })).toBeNull();
  });

  it('maps chart history point for point, and unknown symbols to null', async () => {
    const { provider } = setup();
    const chart = readFixture('chart-AAPL-2020-08-31-to-2020-11-07.json').response.bodyJson.chart.result[0];
    const points = (await provider.history('AAPL', '1Y'))!;
    expect(points.length).toBe(chart.timestamp.length);
    expect(points[0].time).toBe(chart.timestamp[0] * 1000);
    expect(points[0].close).toBeCloseTo(chart.indicators.quote[0].close[0], 4);
    expect(points.at(-1)!.close).toBeCloseTo(chart.indicators.quote[0].close.at(-1), 4);
    expect(points.at(-1)!.volume).toBe(chart.indicators.quote[0].volume.at(-1));
    // The 1D range keeps the last session only.
    const oneDay = (await provider.history('AAPL', '1D'))!;
    expect(oneDay.length).toBe(1);
    expect(oneDay[0].time).toBe(points.at(-1)!.time);
    expect(await provider.history('NOPE', '1Y')).toBeNull();
  });

  it('builds a profile from the quote when the summary endpoint has nothing', async () => {
    const { provider } = setup();
    const profile = (await provider.profile('AAPL'))!;
    expect(profile).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      exchange: 'NasdaqGS',
      type: 'EQUITY',
      marketCap: 3674405863424,
    });
    expect(profile.pe).toBeCloseTo(38.7639, 3);
    expect(profile.description).toContain('Apple Inc.');
    expect(await provider.profile('NOPE')).toBeNull();
  });

  it('reports upstream failures as errors, which the service turns into stale answers', async () => {
    const { provider, network } = setup();
    let clock = NOW;
    const service = new MarketService({
      provider,
      now: () => clock,
      log,
      upstreamTimeoutMs: 5000,
      maxConcurrentUpstream: 4,
      livePollMs: 1000,
    });
    const fresh = await service.quote('AAPL');
    network.failing = true;
    await expect(provider.quotes(['AAPL'])).rejects.toThrow();
    clock += 60_000;
    expect(await service.quote('AAPL')).toEqual({ ...fresh, stale: true });
    expect(service.info()).toEqual({ provider: 'yahoo', simulated: false });
  });
});

describe('upstream calls while Yahoo hangs (the gate: p-limit and an AbortSignal down to fetch)', () => {
  it('keeps at most 4 calls at Yahoo at once, cancels each fetch at its deadline, and recovers at once', async () => {
    const network = createYahooFixtureFetch();
    let hanging = true;
    let openFetches = 0;
    let abortedFetches = 0;
    // Yahoo accepts the connection and never answers its API (the cookie/crumb handshake still works).
    const hangingYahoo: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!hanging || !/\/v\d+\/finance\//.test(url)) return network.fetch(input, init);
      const signal = init?.signal;
      openFetches++;
      // Without the gate's signal a hung fetch stays open for good (and holds yahoo-finance2's own queue).
      return new Promise<Response>((_, reject) =>
        signal?.addEventListener('abort', () => (openFetches--, abortedFetches++, reject(signal.reason as Error)), {
          once: true,
        }),
      );
    };
    const yahoo = createYahooProvider({ log, now: () => NOW, fetch: hangingYahoo });
    let active = 0;
    let peak = 0;
    let started = 0;
    const counted: MarketDataProvider = {
      ...yahoo,
      async history(symbol, timeframe, signal) {
        started++;
        peak = Math.max(peak, ++active);
        try {
          return await yahoo.history(symbol, timeframe, signal);
        } finally {
          active--;
        }
      },
    };
    const service = new MarketService({
      provider: counted,
      now: () => NOW,
      log,
      upstreamTimeoutMs: 300,
      maxConcurrentUpstream: 4,
      livePollMs: 60_000,
    });
    const symbols = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'META', 'NVDA', 'TSLA', 'KO', 'PEP', 'JPM', 'V', 'WMT'];
    const begun = performance.now();
    const results = await Promise.allSettled(symbols.map((symbol) => service.history(symbol, '1Y')));
    expect(performance.now() - begun).toBeLessThan(2_000);
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof MarketUnavailableError)).toBe(true);
    // Twelve calls, four slots: the rest queue (and those past their deadline give up there, or stop at once).
    expect(peak).toBe(4);
    expect(started).toBeGreaterThanOrEqual(4);
    // Every timed-out call was cancelled: its fetch aborted, so the call stopped and gave back its slot.
    await vi.waitFor(() => expect([active, service.gate.inFlight, openFetches]).toEqual([0, 0, 0]));
    expect(abortedFetches).toBeGreaterThanOrEqual(1);
    hanging = false;
    expect((await service.quote('AAPL')).regularMarketPrice).toBeGreaterThan(0);
  });
});
