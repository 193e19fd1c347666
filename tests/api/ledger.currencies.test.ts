import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../../src/shared/portfolio/decimal';
import type { HistoryPoint } from '../../src/shared/market/types';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { signedInBrowser } from './portfolio-helpers';

/**
 * Issue 27 §3 on either engine: a EUR portfolio holding a US share, priced by the simulated market, against the
 * same arithmetic done here from the market's own daily closes and EUR rates (each activity at its own day's rate,
 * each value at its day's close and rate).
 */

let server: TestServer;
let owner: Browser;
let id: string;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

/** The close of `date` or the last before it (the first one before any), as the engine and the conversion read it. */
function closeOn(bars: readonly HistoryPoint[], date: string): number {
  const day = dayNumber(date);
  let found = bars[0].close;
  for (const bar of bars) if (Math.floor(bar.time / DAY) <= day) found = bar.close;
  return found;
}

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signedInBrowser(server.url);
  const created = await owner.post('/api/portfolios', { name: 'Euro', baseCurrency: 'eur' });
  if (created.status !== 201) throw new Error(`${created.status} ${created.text}`);
  id = created.json.id;
  for (const a of [
    { type: 'deposit', date: daysAgo(400), amount: '10000' },
    { type: 'buy', date: daysAgo(300), symbol: 'AAPL', quantity: 10, price: 150, fee: '2' },
    { type: 'dividend', date: daysAgo(100), symbol: 'AAPL', amount: '5' },
  ]) {
    const res = await owner.post(`/api/portfolios/${id}/activities`, a);
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  }
});
afterAll(async () => server?.close());

describe('a EUR portfolio', () => {
  it('is created in EUR, and says so', async () => {
    const res = await owner.get(`/api/portfolios/${id}`);
    expect(res.status).toBe(200);
    expect(res.json.portfolio ?? res.json).toMatchObject({ baseCurrency: 'EUR' });
  });

  it('records cash in the base and trades in the listing currency, unless told', async () => {
    const res = await owner.get(`/api/portfolios/${id}/activities`);
    const list = (res.json.activities ?? res.json) as Array<{ type: string; currency: string }>;
    expect(list.map((a) => `${a.type} ${a.currency}`).sort()).toEqual(['buy USD', 'deposit EUR', 'dividend USD']);
  });

  it('refuses a base currency it cannot convert', async () => {
    const res = await owner.post('/api/portfolios', { name: 'Krona', baseCurrency: 'SEK' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Base currency must be one of USD, EUR, GBP, CHF, CAD or JPY');
  });

  it('answers values and gains converted at each day’s rate, matching the arithmetic by hand', async () => {
    const res = await owner.get(`/api/portfolios/${id}/performance?range=ALL&benchmark=SPY`);
    expect(res.status).toBe(200);
    const p = res.json;
    const rates = await server.deps.market.fxHistory('USD', 'EUR', 3);
    const aapl = await server.deps.market.dailyHistory('AAPL', 3);
    const rate = (n: number) => new Dec(String(closeOn(rates, daysAgo(n))));
    // The buy at the rate of its day: 150 USD × r(300 days ago) a share, to 8 decimals; the 2 USD fee to the cent.
    const price = new Dec(150).times(rate(300)).toDecimalPlaces(8, Dec.ROUND_HALF_UP);
    const fee = new Dec(2).times(rate(300)).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    const cost = price.times(10).plus(fee);
    const dividend = new Dec(5).times(rate(100)).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    // Today's value: 10 × today's close × today's rate (the converted close rounded to a millionth).
    const close = new Dec(String(Math.round(closeOn(aapl, daysAgo(0)) * closeOn(rates, daysAgo(0)) * 1e6) / 1e6));
    const market = close.times(10);
    // The dividend's 5 USD are dollars held (decision 023, foreign cash revalued): booked at their day's rate as a
    // dividend, and worth 5 × today's rate as cash. Before foreign cash was revalued, the cash was
    // 10,000 − cost + dividend: its dollars fixed at the rate of 100 days ago.
    const dollarsNow = new Dec(5).times(rate(0)).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    const euros = new Dec(10000).minus(cost);
    const cash = euros.plus(dollarsNow);
    expect(p.currency).toBe('EUR');
    expect(p.dividends).toBe(dividend.toFixed(2));
    expect(p.cashBalance).toBe(cash.toFixed(2, Dec.ROUND_HALF_UP));
    expect(p.endValue).toBe(cash.plus(market).toFixed(2, Dec.ROUND_HALF_UP));
    // The gain on the shares against their cost at the trade day's rate, not today's (Ghostfolio's first bug).
    expect(p.unrealisedGain).toBe(market.minus(cost).toFixed(2, Dec.ROUND_HALF_UP));
    const atTodaysRate = market.minus(new Dec(150).times(10).plus(2).times(rate(0)));
    if (!rate(0).eq(rate(300))) expect(p.unrealisedGain).not.toBe(atTodaysRate.toFixed(2, Dec.ROUND_HALF_UP));
    // The dollars' currency gain since the dividend's day (5 × today's rate − the dividend booked) is a line of its
    // own (issue 27 §4: "Unrealised gain" means the shares' on every card); the decomposition counts it in the
    // unrealised change, so the figures still add up to the end value.
    const fxGain = dollarsNow.minus(dividend);
    expect(p.cashCurrencyGain).toBe(fxGain.toFixed(2, Dec.ROUND_HALF_UP));
    // The top card's unrealised gain is the same figure (within a cent: the engine books each trade's cost to the
    // cent, the holdings view sums the exact costs). Before, it differed by the dollars' currency gain.
    const { portfolio } = (await owner.get(`/api/portfolios/${id}`)).json;
    expect(Math.abs(Number(portfolio.totalGainLoss) - Number(p.unrealisedGain))).toBeLessThanOrEqual(0.01);
    // Only EUR went in: the TWR is the end value over the 10,000 deposited.
    expect(Number(p.twr)).toBeCloseTo(cash.plus(market).div(10000).minus(1).toNumber(), 6);
    expect(p.benchmark.twr).toMatch(/^-?\d+\.\d{8}$/);
    // The buy found no dollars: its cost came from the euros, as the engine booked it (the dividend's 5 USD stay).
    expect(p.cashByCurrency).toEqual([
      { currency: 'EUR', amount: euros.toFixed(2, Dec.ROUND_HALF_UP) },
      { currency: 'USD', amount: '5.00' },
    ]);
  });

  it('keeps a currency given for an activity, and refuses one it cannot convert', async () => {
    const ok = await owner.post(`/api/portfolios/${id}/activities`, {
      type: 'deposit',
      date: daysAgo(1),
      amount: '100',
      currency: 'gbp',
    });
    expect(ok.status).toBe(201);
    expect(ok.json.currency).toBe('GBP');
    const bad = await owner.post(`/api/portfolios/${id}/activities`, {
      type: 'deposit',
      date: daysAgo(1),
      amount: '100',
      currency: 'XYZ',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Currency must be one of USD, EUR, GBP, CHF, CAD or JPY');
  });
});
