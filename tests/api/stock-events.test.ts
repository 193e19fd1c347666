import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import type { AppRouter } from '../../src/server/trpc/router';
import { ApiClient } from '../helpers/http';
import { instrumentProvider, manualClock, type InstrumentedProvider } from '../helpers/marketProviders';
import { startTestServer, type TestServer } from '../helpers/testServer';

/** The stock page's dividends and earnings (issues 27, 28, 30), over REST and tRPC, on the real server. */
const START = Date.UTC(2026, 10, 24, 15, 37, 10);
const clock = manualClock(START);
let upstream: InstrumentedProvider;
let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  upstream = instrumentProvider(createSimulatedProvider(clock.now));
  server = await startTestServer({}, { now: clock.now, market: { provider: upstream.provider } });
  api = new ApiClient(server.url);
});
afterAll(async () => server?.close());

const EVENT = {
  exDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  payDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  amount: expect.stringMatching(/^\d+(\.\d+)?$/),
  currency: 'USD',
  status: expect.stringMatching(/^(paid|declared|projected)$/),
};

describe('GET /api/stock/{symbol}/dividends', () => {
  it('answers the rate, yield, frequency, payments and coming dates of a payer', async () => {
    const res = await api.get('/api/stock/ko/dividends');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ symbol: 'KO', currency: 'USD', frequency: 'quarterly' });
    expect(Number(res.json.trailingAnnualRate)).toBeGreaterThan(1);
    expect(res.json.trailingYield).toBeGreaterThan(0.01);
    expect(res.json.trailingYield).toBeLessThan(0.06);
    expect(res.json.history.length).toBe(20);
    for (const event of [...res.json.history, ...res.json.upcoming]) expect(event).toEqual(EVENT);
    expect(res.json.upcoming[0].exDate > '2026-11-24').toBe(true);
  });

  it('answers empty for a listing that pays nothing, in its own currency for one abroad', async () => {
    const amzn = await api.get('/api/stock/AMZN/dividends');
    expect(amzn.json).toEqual({
      symbol: 'AMZN',
      currency: 'USD',
      trailingAnnualRate: null,
      trailingYield: null,
      frequency: null,
      history: [],
      upcoming: [],
    });
    const sap = await api.get('/api/stock/SAP.DE/dividends');
    expect(sap.json).toMatchObject({ currency: 'EUR', frequency: 'annual' });
    expect((await api.get('/api/stock/SPAXX/dividends')).json.frequency).toBe('monthly');
  });

  it("answers 404 'Stock not found' for an unknown symbol and 400 for a malformed one", async () => {
    for (const kind of ['dividends', 'earnings']) {
      const unknown = await api.get(`/api/stock/ZZZZ/${kind}`);
      expect(unknown.status).toBe(404);
      expect(unknown.json).toEqual({ message: 'Stock not found' });
      const bad = await api.get(`/api/stock/%24%24%24/${kind}`);
      expect(bad.status).toBe(400);
      expect(bad.json.message).toMatch(/Invalid symbol/);
    }
  });
});

describe('GET /api/stock/{symbol}/earnings', () => {
  it('answers reported and coming report dates of a company, and empty lists for a fund', async () => {
    const res = await api.get('/api/stock/AAPL/earnings');
    expect(res.status).toBe(200);
    expect(res.json.symbol).toBe('AAPL');
    expect(res.json.history.length).toBe(12);
    expect(res.json.history[0]).toEqual({
      date: expect.any(String),
      status: 'reported',
      time: 'after-close',
      eps: { estimate: expect.any(String), actual: expect.any(String), surprise: expect.any(Number), currency: 'USD' },
    });
    expect(res.json.upcoming[0].status).toMatch(/^(confirmed|estimated)$/);
    expect(res.json.upcoming[0].eps).toEqual({
      estimate: expect.stringMatching(/^\d+(\.\d{1,2})?$/),
      actual: null,
      surprise: null,
      currency: 'USD',
    });
    expect(res.json.upcoming[0].date > '2026-11-23').toBe(true);
    expect((await api.get('/api/stock/VTI/earnings')).json).toEqual({ symbol: 'VTI', history: [], upcoming: [] });
  });
});

describe('the wider universe (issue 27 §5)', () => {
  it('quotes and finds the funds real broker files hold', async () => {
    const symbols = ['VTI', 'VXUS', 'BND', 'SCHD', 'VMFXX', 'SPAXX', 'SWVXX', 'SHEL.L', 'NESN.SW', '7203.T'];
    const quotes = await api.post('/api/stocks/quotes', { symbols });
    expect(Object.keys(quotes.json).sort()).toEqual([...symbols].sort());
    expect(quotes.json.VMFXX.regularMarketPrice).toBe(1);
    expect(quotes.json['SHEL.L'].currency).toBe('GBP');
    expect(quotes.json['7203.T'].currency).toBe('JPY');
    const search = await api.get('/api/stocks/search?q=federal%20money');
    expect(search.json.map((r: { symbol: string }) => r.symbol)).toContain('VMFXX');
    expect(search.json.find((r: { symbol: string }) => r.symbol === 'VMFXX')).toMatchObject({
      type: 'MUTUALFUND',
      typeDisp: 'Fund',
    });
    const analysis = await api.get('/api/stock-analysis/NESN.SW');
    expect(analysis.json).toMatchObject({ symbol: 'NESN.SW', currency: 'CHF' });
    expect(analysis.json.analysis).toMatch(/trades at CHF/);
  });
});

describe('dividends and earnings over tRPC, and when the provider fails', () => {
  it('answer the same over tRPC as over REST', async () => {
    const client = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, transformer: superjson })],
    });
    expect(await client.stocks.dividends.query({ symbol: 'jnj' })).toEqual(
      (await api.get('/api/stock/JNJ/dividends')).json,
    );
    expect(await client.stocks.earnings.query({ symbol: 'JNJ' })).toEqual(
      (await api.get('/api/stock/JNJ/earnings')).json,
    );
    await expect(client.stocks.dividends.query({ symbol: 'ZZZZ' })).rejects.toThrow('Stock not found');
  });

  it('serve the last answer flagged stale, and 503 when nothing is kept', async () => {
    const warm = (await api.get('/api/stock/PEP/dividends')).json;
    upstream.mode = 'fail';
    clock.advance(24 * 3600_000);
    try {
      const stale = await api.get('/api/stock/PEP/dividends');
      expect(stale.status).toBe(200);
      expect(stale.json).toEqual({ ...warm, stale: true });
      const cold = await api.get('/api/stock/MRK/earnings');
      expect(cold.status).toBe(503);
      expect(cold.json.message).toMatch(/market data is temporarily unavailable/i);
    } finally {
      upstream.mode = 'ok';
    }
  });
});
