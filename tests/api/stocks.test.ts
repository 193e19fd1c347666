import { createTRPCClient, createWSClient, httpBatchLink, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import type { AppRouter } from '../../src/server/trpc/router';
import { POPULAR_WATCHLIST, TIMEFRAMES } from '../../src/shared/market/constants';
import type { HistoryPoint, LiveQuoteEvent } from '../../src/shared/market/types';
import { ApiClient } from '../helpers/http';
import { instrumentProvider, manualClock, type InstrumentedProvider } from '../helpers/marketProviders';
import { startTestServer, type TestServer } from '../helpers/testServer';

// A Tuesday at 10:37 New York: the simulated exchange is trading, so prices move with the clock.
const START = Date.UTC(2026, 10, 24, 15, 37, 10);
const clock = manualClock(START);
let upstream: InstrumentedProvider;
let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  upstream = instrumentProvider(createSimulatedProvider(clock.now));
  // 200 concurrent requests below, all from 127.0.0.1: past the default per-address connection cap (its own test).
  server = await startTestServer(
    { MARKET_LIVE_POLL_MS: '20', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '300' },
    { now: clock.now, market: { provider: upstream.provider } },
  );
  api = new ApiClient(server.url);
});
afterAll(async () => server?.close());

const QUOTE_SHAPE = {
  symbol: expect.any(String),
  regularMarketPrice: expect.any(Number),
  currency: 'USD',
  regularMarketChange: expect.any(Number),
  regularMarketChangePercent: expect.any(Number),
  shortName: expect.any(String),
  longName: expect.any(String),
  regularMarketTime: expect.any(Number),
  // START is inside a session; the simulated market says whether its exchange trades.
  marketState: 'open',
};

describe('POST /api/stocks/quotes', () => {
  it('answers a map keyed by symbol for the whole popular watchlist', async () => {
    const res = await api.post('/api/stocks/quotes', { symbols: [...POPULAR_WATCHLIST] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual([...POPULAR_WATCHLIST].sort());
    for (const symbol of POPULAR_WATCHLIST) expect(res.json[symbol]).toEqual({ ...QUOTE_SHAPE, symbol });
    expect(res.json.AAPL.shortName).toBe('Apple Inc.');
    expect(res.json['^IXIC'].longName).toBe('NASDAQ Composite');
  });

  it('trims and upper-cases symbols, and leaves unknown ones out', async () => {
    const res = await api.post('/api/stocks/quotes', { symbols: [' msft ', 'brk.b', 'NOPE'] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['BRK.B', 'MSFT']);
  });

  it('refuses more than 50 symbols, malformed ones and a missing list without asking the provider', async () => {
    const calls = upstream.calls;
    const tooMany = await api.post('/api/stocks/quotes', { symbols: Array.from({ length: 51 }, (_, i) => `S${i}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toBe('symbols: At most 50 symbols per request');
    const malformed = await api.post('/api/stocks/quotes', { symbols: ['AAPL', 'DROP TABLE'] });
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toMatch(/Invalid symbol/);
    const missing = await api.post('/api/stocks/quotes', {});
    expect(missing.status).toBe(400);
    const notJson = await api.post('/api/stocks/quotes', '{"symbols": [', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
    expect(upstream.calls).toBe(calls);
  });

  it('makes exactly one upstream call for 200 concurrent requests of one cold symbol', async () => {
    expect(upstream.quoteCalls.filter((c) => c.includes('COST')).length).toBe(0);
    // Hold the upstream answer until all 200 requests have reached the server, so none can be served from a warm cache.
    let received = 0;
    const onRequest = () => received++;
    server.app.http.server.on('request', onRequest);
    const release = upstream.hold();
    const pending = Promise.all(
      Array.from({ length: 200 }, () => api.post('/api/stocks/quotes', { symbols: ['COST'] })),
    );
    await vi.waitFor(() => expect(received >= 200).toBe(true), { timeout: 5_000 });
    release();
    const responses = await pending;
    server.app.http.server.off('request', onRequest);
    expect(responses.every((r) => r.status === 200 && r.json.COST.symbol === 'COST')).toBe(true);
    expect(upstream.quoteCalls.filter((c) => c.includes('COST')).length).toBe(1);
  });
});

describe('GET /api/stocks/search', () => {
  it('lists matching stocks with the spec fields, type defaulting to EQUITY', async () => {
    const res = await api.get('/api/stocks/search?q=tesla');
    expect(res.status).toBe(200);
    expect(res.json[0]).toEqual({
      symbol: 'TSLA',
      name: 'Tesla, Inc.',
      exchange: 'NASDAQ',
      shortname: 'Tesla, Inc.',
      longname: 'Tesla, Inc.',
      exchDisp: 'NASDAQ',
      exch: 'NMS',
      typeDisp: 'Equity',
      type: 'EQUITY',
    });
    const broad = await api.get('/api/stocks/search?q=a');
    expect(broad.json.length).toBe(12);
  });

  it('answers a blank query with an empty list and a query over 64 characters with 400', async () => {
    expect((await api.get('/api/stocks/search?q=%20%20')).json).toEqual([]);
    expect((await api.get('/api/stocks/search')).json).toEqual([]);
    const long = await api.get(`/api/stocks/search?q=${'x'.repeat(65)}`);
    expect(long.status).toBe(400);
    expect(long.json.message).toBe('q: Search query must be at most 64 characters');
  });
});

describe('GET /api/stock/{symbol} and /api/stocks/quote/{symbol}', () => {
  it('answer the same quote, for indices and share classes too', async () => {
    const a = await api.get('/api/stock/aapl');
    const b = await api.get('/api/stocks/quote/AAPL');
    expect(a.status).toBe(200);
    expect(a.json).toEqual({ ...QUOTE_SHAPE, symbol: 'AAPL' });
    expect(b.json).toEqual(a.json);
    expect((await api.get('/api/stock/%5EDJI')).json.symbol).toBe('^DJI');
    expect((await api.get('/api/stocks/quote/BRK.B')).json.symbol).toBe('BRK.B');
  });

  it("answer 404 'Stock not found' for unknown symbols and 400 for malformed ones", async () => {
    for (const path of ['/api/stock/ZZZZ', '/api/stocks/quote/ZZZZ']) {
      const res = await api.get(path);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Stock not found' });
    }
    const bad = await api.get('/api/stock/%24%24%24');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/Invalid symbol/);
  });
});

describe('GET /api/stock/{symbol}/history', () => {
  it('answers every timeframe with OHLCV points ending on the current quote', async () => {
    const quote = (await api.get('/api/stock/SPY')).json;
    for (const period of TIMEFRAMES) {
      const res = await api.get(`/api/stock/SPY/history?period=${period}`);
      expect(res.status, period).toBe(200);
      const points = res.json as HistoryPoint[];
      expect(points.length, period).toBeGreaterThan(50);
      expect(Object.keys(points[0]).sort()).toEqual(['close', 'high', 'low', 'open', 'time', 'volume']);
      expect(points.at(-1)!.close, period).toBe(quote.regularMarketPrice);
    }
  });

  it('defaults to 1D, takes any case, and names the accepted values for a bad period', async () => {
    const plain = await api.get('/api/stock/QQQ/history');
    const lower = await api.get('/api/stock/QQQ/history?period=1d');
    expect(plain.json).toEqual(lower.json);
    expect(plain.json[1].time - plain.json[0].time).toBe(60_000);
    const bad = await api.get('/api/stock/QQQ/history?period=10Y');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('period: Invalid period: use one of 1D, 5D, 1M, 6M, YTD, 1Y, 5Y');
    const unknown = await api.get('/api/stock/ZZZZ/history?period=1Y');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Stock not found');
  });

  it('is the same on every run: a second server gives identical history and quotes', async () => {
    const other = await startTestServer({}, { now: clock.now });
    try {
      const otherApi = new ApiClient(other.url);
      for (const path of [
        '/api/stock/NVDA/history?period=5D',
        '/api/stock/NVDA/history?period=5Y',
        '/api/stock/NVDA',
      ]) {
        const mine = await api.get(path);
        const theirs = await otherApi.get(path);
        expect(theirs.status).toBe(200);
        expect(theirs.json).toEqual(mine.json);
      }
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/stock-analysis/{symbol}', () => {
  it('answers the spec fields with a rating and its factor breakdown', async () => {
    const res = await api.get('/api/stock-analysis/nvda');
    expect(res.status).toBe(200);
    const quote = (await api.get('/api/stock/NVDA')).json;
    expect(res.json).toMatchObject({
      symbol: 'NVDA',
      name: 'NVIDIA Corporation',
      price: quote.regularMarketPrice,
      change: quote.regularMarketChange,
      changePercent: quote.regularMarketChangePercent,
      marketCap: expect.any(Number),
      pe: expect.any(Number),
      rating: expect.stringMatching(/^(Strong Sell|Sell|Hold|Buy|Strong Buy)$/),
      score: expect.any(Number),
      analysis: expect.stringContaining('NVIDIA Corporation (NVDA)'),
      description: expect.stringContaining('NVIDIA'),
    });
    expect(res.json.factors).toHaveLength(10);
    expect(res.json.factors[0]).toEqual({
      key: 'trend_ma20',
      label: 'Trend vs MA20',
      value: expect.any(String),
      score: expect.any(Number),
      explanation: expect.any(String),
    });
  });

  it("gives pe null for funds and 404 'Stock not found' for unknown symbols", async () => {
    expect((await api.get('/api/stock-analysis/VOO')).json.pe).toBeNull();
    const res = await api.get('/api/stock-analysis/ZZZZ');
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('Stock not found');
  });
});

describe('upstream trouble', () => {
  it('serves the last quote flagged stale when the provider fails, and 503 when nothing is kept', async () => {
    await api.get('/api/stock/PEP');
    upstream.mode = 'fail';
    clock.advance(10 * 60_000);
    try {
      const stale = await api.get('/api/stock/PEP');
      expect(stale.status).toBe(200);
      expect(stale.json.stale).toBe(true);
      const cold = await api.get('/api/stock/KO/history?period=1Y');
      expect(cold.status).toBe(503);
      expect(cold.json.message).toMatch(/market data is temporarily unavailable/i);
    } finally {
      upstream.mode = 'ok';
    }
  });
});

describe('tRPC stocks procedures', () => {
  it('expose the same data and say the market is simulated', async () => {
    const client = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, transformer: superjson })],
    });
    expect(await client.stocks.marketInfo.query()).toEqual({ provider: 'simulated', simulated: true });
    expect((await api.get('/api/stocks/market-info')).json).toEqual({ provider: 'simulated', simulated: true });
    const quotes = await client.stocks.quotes.query({ symbols: ['aapl'] });
    expect(quotes.AAPL).toEqual((await api.get('/api/stock/AAPL')).json);
    const history = await client.stocks.history.query({ symbol: 'AAPL', period: '1M' });
    expect(history.at(-1)!.close).toBe(quotes.AAPL.regularMarketPrice);
    expect((await client.stocks.search.query({ q: 'micro' })).map((r) => r.symbol)).toContain('MSFT');
    expect((await client.stocks.analysis.query({ symbol: 'AAPL' })).symbol).toBe('AAPL');
    await expect(client.stocks.quote.query({ symbol: 'ZZZZ' })).rejects.toThrow('Stock not found');
  });

  it('answer a quote as its REST paths do, which skip the caller (issue 29 §3): same quote, same refusals', async () => {
    const client = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, transformer: superjson })],
    });
    const quote = await client.stocks.quote.query({ symbol: 'msft' });
    for (const path of ['/api/stock/msft', '/api/stocks/quote/MSFT']) expect((await api.get(path)).json).toEqual(quote);
    // Unknown, malformed, NUL inside, blank: the procedure's message is the REST body's, with its status.
    for (const [symbol, status] of [
      ['ZZZZ', 404],
      ['$$$', 400],
      ['AA\u0000PL', 400],
      [' ', 400],
    ] as const) {
      const rest = await api.get(`/api/stock/${encodeURIComponent(symbol)}`);
      expect(rest.status, symbol).toBe(status);
      const refused = await client.stocks.quote.query({ symbol }).then(
        () => null,
        (error: unknown) => error as { message: string; data: { httpStatus: number; app: { message: string } } },
      );
      expect(refused?.data.httpStatus, symbol).toBe(status);
      expect(rest.json, symbol).toEqual(refused?.data.app);
    }
  });

  it('push live quotes over the websocket, a new bar each minute, and stop polling when the client leaves', async () => {
    const ws = createWSClient({ url: `${server.url.replace('http', 'ws')}/trpc`, WebSocket: WebSocket as never });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws, transformer: superjson })] });
    const events: LiveQuoteEvent[] = [];
    const subscription = client.stocks.live.subscribe({ symbols: ['meta', 'SPY'] }, { onData: (e) => events.push(e) });
    try {
      await vi.waitFor(() => expect(events.length >= 2).toBe(true), { timeout: 5_000 });
      const meta = events.find((e) => e.symbol === 'META')!;
      expect(meta.quote).toEqual((await api.get('/api/stock/META')).json);
      expect(meta.bar!.close).toBe(meta.quote.regularMarketPrice);
      expect(server.deps.market.live.watchedSymbols().sort()).toEqual(['META', 'SPY']);

      const minute = meta.bar!.time;
      clock.advance(60_000);
      await vi.waitFor(
        () => expect(events.some((e) => e.symbol === 'META' && e.bar!.time === minute + 60_000)).toBe(true),
        { timeout: 5_000 },
      );
      const next = events.filter((e) => e.symbol === 'META').at(-1)!;
      const oneDay = (await api.get('/api/stock/META/history?period=1D')).json as HistoryPoint[];
      expect(oneDay.at(-1)).toEqual(next.bar);
    } finally {
      subscription.unsubscribe();
    }
    await vi.waitFor(
      () => expect(server.deps.market.live.watchedSymbols().length === 0 && !server.deps.market.live.active).toBe(true),
      { timeout: 5_000 },
    );
    await ws.close();
  });
});
