import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../../src/shared/portfolio/decimal';
import { LEDGER_MESSAGES as L } from '../../src/shared/portfolio/ledger/schemas';
import { PERFORMANCE_RANGES } from '../../src/shared/portfolio/ledger/types';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { createPortfolio, signedInBrowser } from './portfolio-helpers';

/** GET /api/portfolios/{id}/performance on either engine, priced by the simulated market's daily history. */

let server: TestServer;
let owner: Browser;
let id: string;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const MONEY = /^-?\d+\.\d{2}$/;
const FRACTION = /^-?\d+\.\d{8}$/;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signedInBrowser(server.url);
  id = await createPortfolio(owner, 'Performance');
  const activities = [
    { type: 'deposit', date: daysAgo(500), amount: '10000' },
    { type: 'buy', date: daysAgo(480), symbol: 'AAPL', quantity: 20, price: 150, fee: '1.50' },
    { type: 'buy', date: daysAgo(300), symbol: 'MSFT', quantity: 5, price: 300 },
    { type: 'dividend', date: daysAgo(200), symbol: 'AAPL', amount: '4.80' },
    { type: 'sell', date: daysAgo(100), symbol: 'AAPL', quantity: 5, price: 170, fee: '1' },
    { type: 'fee', date: daysAgo(90), amount: '12' },
    { type: 'withdrawal', date: daysAgo(60), amount: '500' },
    { type: 'buy', date: daysAgo(20), symbol: 'NVDA', quantity: 3, price: 100 },
  ];
  for (const a of activities) {
    const res = await owner.post(`/api/portfolios/${id}/activities`, a);
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  }
});
afterAll(async () => server?.close());

function addsUp(d: Record<string, string>) {
  const sum = new Dec(d.startValue)
    .plus(d.netFlows)
    .plus(d.realisedGain)
    .plus(d.unrealisedGainChange)
    .plus(d.dividends)
    .minus(d.fees);
  expect(sum.toFixed(2)).toBe(new Dec(d.endValue).toFixed(2));
}

describe('GET /api/portfolios/{id}/performance', () => {
  it('answers the shape the issue names, and the decomposition adds up to the cent', async () => {
    const res = await owner.get(`/api/portfolios/${id}/performance?range=ALL&benchmark=SPY`);
    expect(res.status).toBe(200);
    const p = res.json;
    expect(p).toMatchObject({ range: 'ALL', from: daysAgo(500), to: daysAgo(0) });
    for (const key of [
      'startValue',
      'endValue',
      'cashBalance',
      'netFlows',
      'realisedGain',
      'unrealisedGain',
      'dividends',
      'fees',
    ]) {
      expect(p[key], key).toMatch(MONEY);
    }
    for (const key of ['twr', 'twrAnnualised', 'mwr']) expect(p[key], key).toMatch(FRACTION);
    expect(p.dividends).toBe('4.80');
    expect(p.fees).toBe('12.00');
    // 5 × 170 − 1 − the sold quarter of the 3001.50 cost basis (750.375, taken out as whole cents: 750.38).
    expect(p.realisedGain).toBe('98.62');
    addsUp(p.decomposition);
    expect(p.decomposition.endValue).toBe(p.endValue);
    expect(p.benchmark.symbol).toBe('SPY');
    expect(p.benchmark.twr).toMatch(FRACTION);
    expect(p.benchmark.valueWithSameFlows).toMatch(MONEY);
    expect(p.series.length).toBe(501);
    expect(p.series[0]).toMatchObject({ date: daysAgo(500), twrIndex: expect.any(String) });
    expect(Number(p.series[0].twrIndex)).toBeCloseTo(100, 6);
    expect(p.series.at(-1).value).toBe(p.endValue);
    expect(Array.isArray(p.monthlyReturns)).toBe(true);
    expect(p.dividendsReceived).toEqual([{ date: daysAgo(200), symbol: 'AAPL', amount: '4.80' }]);
  });

  it('answers every range, each adding up', async () => {
    for (const range of PERFORMANCE_RANGES) {
      const res = await owner.get(`/api/portfolios/${id}/performance?range=${range.toLowerCase()}`);
      expect(res.status, range).toBe(200);
      expect(res.json.range).toBe(range);
      addsUp(res.json.decomposition);
      if (range === '1M' || range === '3M' || range === '6M') expect(res.json.twrAnnualised).toBeNull();
    }
  });

  it('takes any benchmark the market knows and refuses others', async () => {
    const qqq = await owner.get(`/api/portfolios/${id}/performance?benchmark=msft`);
    expect(qqq.status).toBe(200);
    expect(qqq.json.benchmark.symbol).toBe('MSFT');
    const unknown = await owner.get(`/api/portfolios/${id}/performance?benchmark=ZZZZQ`);
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe(L.unknownSymbol('ZZZZQ'));
    const range = await owner.get(`/api/portfolios/${id}/performance?range=2Y`);
    expect(range.status).toBe(400);
    expect(range.json.message).toContain(L.rangeInvalid);
  });

  it('answers again after a write, and an empty ledger too', async () => {
    const before = (await owner.get(`/api/portfolios/${id}/performance`)).json;
    await owner.post(`/api/portfolios/${id}/activities`, { type: 'deposit', date: daysAgo(0), amount: '1000' });
    const after = (await owner.get(`/api/portfolios/${id}/performance`)).json;
    expect(new Dec(after.netFlows).minus(before.netFlows).toFixed(2)).toBe('1000.00');
    expect(new Dec(after.cashBalance).minus(before.cashBalance).toFixed(2)).toBe('1000.00');
    const empty = await createPortfolio(owner, 'Empty');
    const res = await owner.get(`/api/portfolios/${empty}/performance`);
    expect(res.status).toBe(200);
    expect(res.json.endValue).toBe('0.00');
  });
});
