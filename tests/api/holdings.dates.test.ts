import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../../src/shared/portfolio/decimal';
import { PORTFOLIO_MESSAGES as M } from '../../src/shared/portfolio/messages';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { createPortfolio, signedInBrowser } from './portfolio-helpers';

/**
 * Issue 27 §1, on either engine: a holding added without a purchase date is a transfer in at its market value that
 * day (decision 022), so its past gain is unrealised gain and never a return; a purchase date given later turns it
 * into a buy on that date.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
let owner: Browser;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signedInBrowser(server.url);
});
afterAll(async () => server?.close());

async function performance(id: string, range = 'ALL'): Promise<Json> {
  const res = await owner.get(`/api/portfolios/${id}/performance?range=${range}`);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

describe('Add Stock without a purchase date', () => {
  let id: string;
  let holding: Json;

  beforeAll(async () => {
    id = await createPortfolio(owner, 'Undated');
    const res = await owner.post(`/api/portfolios/${id}/holdings`, { symbol: 'MSFT', quantity: 10, averagePrice: 300 });
    expect(res.status, res.text).toBe(201);
    holding = res.json;
  });

  it('records a transfer in today, and the holding says it has no purchase date', async () => {
    const activities = (await owner.get(`/api/portfolios/${id}/activities`)).json as Json[];
    expect(activities).toMatchObject([{ type: 'transfer_in', date: daysAgo(0), symbol: 'MSFT', quantity: '10' }]);
    expect(activities[0].price).toBe('300');
    expect(holding.addedWithoutDate).toBe(daysAgo(0));
    const listed = (await owner.get(`/api/portfolios/${id}/holdings`)).json as Json[];
    expect(listed[0]).toMatchObject({ symbol: 'MSFT', averagePrice: '300', addedWithoutDate: daysAgo(0) });
  });

  it('books no return for the gain made before: TWR 0 %, the gain over the cost basis unrealised', async () => {
    const p = await performance(id);
    expect(p).toMatchObject({ from: daysAgo(0), to: daysAgo(0), twr: '0.00000000', mwr: null });
    expect(p.monthlyReturns).toEqual([{ month: daysAgo(0).slice(0, 7), twr: '0.00000000' }]);
    // The shares came in at their market value; the unrealised gain is that value over 10 × 300.
    expect(p.netFlows).toBe(p.endValue);
    expect(p.unrealisedGain).toBe(new Dec(p.endValue).minus(3000).toFixed(2));
    expect(Number(p.unrealisedGain)).not.toBe(0);
    expect(p.decomposition.unrealisedGainChange).toBe('0.00');
  });

  it('a purchase date given later turns the transfer into a buy on that date, and the gain becomes return', async () => {
    const date = daysAgo(40);
    const res = await owner.put(`/api/portfolios/${id}/holdings/${holding.id}/purchase-date`, { purchaseDate: date });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ symbol: 'MSFT', quantity: '10', averagePrice: '300', addedWithoutDate: null });
    const activities = (await owner.get(`/api/portfolios/${id}/activities`)).json as Json[];
    expect(activities).toMatchObject([{ type: 'buy', date, symbol: 'MSFT', quantity: '10', price: '300' }]);
    const p = await performance(id);
    expect(p.from).toBe(date);
    expect(p.netFlows).toBe('3000.00');
    expect(Number(p.twr)).not.toBe(0);
    // Dated again: nothing is left without a date.
    const again = await owner.put(`/api/portfolios/${id}/holdings/${holding.id}/purchase-date`, { purchaseDate: date });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(M.noUndatedShares);
  });
});

describe('Add Stock with a purchase date', () => {
  it('records a buy on that date', async () => {
    const id = await createPortfolio(owner, 'Dated');
    const date = daysAgo(400);
    const res = await owner.post(`/api/portfolios/${id}/holdings`, {
      symbol: 'AAPL',
      quantity: 2,
      averagePrice: 150,
      purchaseDate: date,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.addedWithoutDate).toBeNull();
    const activities = (await owner.get(`/api/portfolios/${id}/activities`)).json as Json[];
    expect(activities).toMatchObject([{ type: 'buy', date, symbol: 'AAPL', quantity: '2', price: '150' }]);
    expect((await performance(id)).from).toBe(date);
  });

  it.each([
    [daysAgo(-1), M.purchaseDateInFuture],
    ['1969-12-31', 'on or after 1970-01-01'],
    ['2024-02-30', M.purchaseDateInvalid],
    ['03/01/2024', M.purchaseDateInvalid],
    [20240301, M.purchaseDateInvalid],
  ])('refuses %s with a clear 400 and writes nothing', async (purchaseDate, message) => {
    const id = await createPortfolio(owner, 'Refused');
    const res = await owner.post(`/api/portfolios/${id}/holdings`, {
      symbol: 'AAPL',
      quantity: 1,
      averagePrice: 100,
      purchaseDate,
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain(message);
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toEqual([]);
  });

  it('dating the shares later refuses a future or missing date, and a holding of another owner is a 404', async () => {
    const id = await createPortfolio(owner, 'Broken');
    const added = await owner.post(`/api/portfolios/${id}/holdings`, { symbol: 'KO', quantity: 5, averagePrice: 50 });
    const sell = { type: 'sell', date: daysAgo(0), symbol: 'KO', quantity: 2, price: 60 };
    expect((await owner.post(`/api/portfolios/${id}/activities`, sell)).status).toBe(201);
    const res = await owner.put(`/api/portfolios/${id}/holdings/${added.json.id}/purchase-date`, {
      purchaseDate: daysAgo(-1),
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(M.purchaseDateInFuture);
    const missing = await owner.put(`/api/portfolios/${id}/holdings/${added.json.id}/purchase-date`, {});
    expect(missing.status).toBe(400);
    expect(missing.json.message).toContain(M.purchaseDateRequired);
    const other = await signedInBrowser(server.url);
    const foreign = await other.put(`/api/portfolios/${id}/holdings/${added.json.id}/purchase-date`, {
      purchaseDate: daysAgo(3),
    });
    expect(foreign.status).toBe(404);
  });
});

describe('a positions file without dates (Fidelity Portfolio_Positions)', () => {
  it('imports transfers in: no past gain booked as return, the series starts today', async () => {
    const id = await createPortfolio(owner, 'Fidelity');
    const csv = readFileSync(new URL('../fixtures/brokers/fidelity-positions.csv', import.meta.url), 'utf8');
    const res = await owner.post(`/api/portfolios/${id}/import`, { csv });
    expect(res.status, res.text).toBe(200);
    const p = await performance(id);
    // Before: each position a buy today at its cost basis, valued at the market: TWR +22.76 % on day one.
    expect(p).toMatchObject({ from: daysAgo(0), twr: '0.00000000' });
    expect(p.series).toHaveLength(1);
    expect(Number(p.unrealisedGain)).not.toBe(0);
    const holdings = (await owner.get(`/api/portfolios/${id}/holdings`)).json as Json[];
    expect(holdings.length).toBeGreaterThan(0);
    for (const h of holdings) expect(h.addedWithoutDate, h.symbol).toBe(daysAgo(0));
  });
});

describe('one total value (issue 27 §4)', () => {
  it('is holdings plus cash on the page, in the list and in the performance, and the shared page keeps cash out', async () => {
    const id = await createPortfolio(owner, 'One total');
    for (const a of [
      { type: 'deposit', date: daysAgo(30), amount: '5000' },
      { type: 'buy', date: daysAgo(29), symbol: 'AAPL', quantity: 4, price: 150 },
    ]) {
      const res = await owner.post(`/api/portfolios/${id}/activities`, a);
      expect(res.status, res.text).toBe(201);
    }
    const { portfolio } = (await owner.get(`/api/portfolios/${id}`)).json;
    // Before: totalValue was the holdings alone (4 AAPL), the 4,400.00 of cash left out.
    expect(portfolio.cashBalance).toBe('4400.00');
    expect(portfolio.totalValue).toBe(new Dec(portfolio.holdingsValue).plus('4400').toFixed(2));
    const listed = ((await owner.get('/api/portfolios')).json as Json[]).find((p) => p.id === id)!;
    expect(listed).toMatchObject({ totalValue: portfolio.totalValue, cashBalance: '4400.00' });
    const p = await performance(id);
    expect(p.cashBalance).toBe(portfolio.cashBalance);
    // The performance values the holdings at the day's close, the page at the quote: the same price in this market.
    expect(p.endValue).toBe(portfolio.totalValue);

    const link = (await owner.patch(`/api/portfolios/${id}/visibility`, { isPublic: true })).json.shareableLink;
    const shared = await fetch(`${server.url}/api/portfolio/shared/${link}`);
    const body = (await shared.json()) as Json;
    expect(body.portfolio.totalValue).toBe(portfolio.holdingsValue);
    expect(JSON.stringify(body)).not.toContain('4400');
  });
});
