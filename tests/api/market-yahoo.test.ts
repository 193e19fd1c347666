import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { registerBody, uniqueEmail } from './auth-helpers';
import { createYahooFixtureFetch, type YahooFixtureFetch } from '../helpers/yahooFixtures';

/** The real server with MARKET_DATA=yahoo, its network replaced by Yahoo's recorded answers. */
describe('market calls with MARKET_DATA=yahoo', () => {
  let server: TestServer;
  let api: ApiClient;
  let network: YahooFixtureFetch;

  beforeAll(async () => {
    network = createYahooFixtureFetch();
    server = await startTestServer(
      { MARKET_DATA: 'yahoo' },
      { now: () => Date.UTC(2025, 1, 17, 12), market: { fetch: network.fetch } },
    );
    api = new ApiClient(server.url);
  });
  afterAll(async () => server?.close());

  it('says the data is real', async () => {
    expect((await api.get('/api/stocks/market-info')).json).toEqual({ provider: 'yahoo', simulated: false });
  });

  it('answers POST /api/stocks/quotes from one upstream call, in the spec shape', async () => {
    const res = await api.post('/api/stocks/quotes', { symbols: ['aapl', 'GOOG', 'BTC-USD', 'EURUSD=X', 'ZZZZ'] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['AAPL', 'BTC-USD', 'EURUSD=X', 'GOOG']);
    expect(res.json.AAPL).toMatchObject({ regularMarketPrice: 244.6, shortName: 'Apple Inc.', longName: 'Apple Inc.' });
    expect(network.urls.filter((u) => u.includes('/v7/finance/quote')).length).toBe(1);
  });

  it('answers GET /api/stock/{symbol}, 404 for symbols Yahoo does not know', async () => {
    expect((await api.get('/api/stock/QQQ')).json.regularMarketPrice).toBe(538.15);
    const unknown = await api.get('/api/stock/ZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Stock not found');
  });

  it('answers search with Yahoo results plus local names', async () => {
    const res = await api.get('/api/stocks/search?q=AAPL');
    expect(res.status).toBe(200);
    expect(res.json[0]).toMatchObject({ symbol: 'AAPL', exchDisp: 'NASDAQ', typeDisp: 'Equity', type: 'EQUITY' });
    expect(res.json.length).toBeLessThanOrEqual(12);
  });

  it('answers dividends and earnings dates from quoteSummary and the chart, 404 for symbols Yahoo does not know', async () => {
    const dividends = await api.get('/api/stock/KO/dividends');
    expect(dividends.status).toBe(200);
    expect(dividends.json).toMatchObject({
      symbol: 'KO',
      currency: 'USD',
      frequency: 'quarterly',
      trailingAnnualRate: '1.94',
    });
    expect(dividends.json.upcoming[0]).toEqual({
      exDate: '2025-03-14',
      payDate: '2025-04-01',
      amount: '0.51',
      currency: 'USD',
      status: 'declared',
    });
    const earnings = await api.get('/api/stock/KO/earnings');
    expect(earnings.json.upcoming[0]).toEqual({
      date: '2025-04-29',
      status: 'confirmed',
      time: 'before-open',
      eps: { estimate: '0.71', actual: null, surprise: null, currency: 'USD' },
    });
    expect(earnings.json.history[0].eps).toEqual({
      estimate: '0.52',
      actual: '0.55',
      surprise: 0.0577,
      currency: 'USD',
    });
    expect((await api.get('/api/stock/QQQ/earnings')).json).toEqual({ symbol: 'QQQ', history: [], upcoming: [] });
    expect((await api.get('/api/stock/ZZZZ/dividends')).status).toBe(404);
  });

  it("gives the built-in analyst Yahoo's dividends and earnings dates through its tools, every figure verified", async () => {
    const client = new ApiClient(server.url);
    expect((await client.post('/api/auth/register', registerBody(uniqueEmail('yahoo-chat')))).status).toBe(200);
    const dividends = await client.post('/api/chat', { message: 'When is the next Coca-Cola ex-dividend date?' });
    expect(dividends.status, dividends.text).toBe(200);
    expect(dividends.json.tools.map((t: { tool: string }) => t.tool)).toEqual(['get_dividends']);
    expect(dividends.json.response).toMatch(/^\*\*KO\*\*.s next ex-dividend date is Mar 14, 2025 \(declared\)/);
    expect(dividends.json.verification.verified).toBe(dividends.json.verification.total);
    const earnings = await client.post('/api/chat', { message: 'when does coca cola report earnings' });
    expect(earnings.status, earnings.text).toBe(200);
    expect(earnings.json.tools.map((t: { tool: string }) => t.tool)).toEqual(['get_earnings']);
    expect(earnings.json.response).toMatch(/Apr 29, 2025/);
    expect(earnings.json.response).not.toMatch(/no earnings calendar/i);
    expect(earnings.json.verification.verified).toBe(earnings.json.verification.total);
  });

  it('answers history from the chart endpoint and the analysis from quote + chart', async () => {
    const history = await api.get('/api/stock/TSLA/history?period=5Y');
    expect(history.status).toBe(200);
    expect(history.json.length).toBeGreaterThan(3000);
    const analysis = await api.get('/api/stock-analysis/AAPL');
    expect(analysis.status).toBe(200);
    expect(analysis.json).toMatchObject({ symbol: 'AAPL', name: 'Apple Inc.', price: 244.6, marketCap: 3674405863424 });
    expect(analysis.json.pe).toBeCloseTo(38.76, 2);
    expect(analysis.json.analysis).toMatch(/not financial advice/);
    expect(analysis.json.analysis).not.toMatch(/simulated/);
  });
});
