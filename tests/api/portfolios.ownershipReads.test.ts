import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { addHolding, createPortfolio, signedInBrowser } from './portfolio-helpers';

/**
 * Issue 29 §5: one ownership read per write. The server tells every statement it sends to the database (onQuery,
 * with its SQL); a read of ownership is a SELECT that names the portfolio's owner column (the owned portfolio, or a
 * holding joined to its owned portfolio). Each write below must make exactly one. Before decision 029 a holding
 * added made two (the write, then the answer), a holding edited or removed three, a holdings import four, an
 * activities import two and a cost method change three.
 */
let server: TestServer;
let browser: Browser;
let portfolioId: string;
let ownershipReads = 0;

/** A SELECT that checks a portfolio's owner (`"portfolios"."user_id"` on SQLite, `"user_id"` in a filter on both). */
const readsOwnership = (sql: string) => /^\s*select\b/i.test(sql) && /"portfolios"\."user_id"\s*=/i.test(sql);

beforeAll(async () => {
  server = await startTestServer(
    { TRUST_PROXY: 'true' },
    { onQuery: (sql) => void (ownershipReads += +readsOwnership(sql)) },
  );
  browser = await signedInBrowser(server.url);
  portfolioId = await createPortfolio(browser, 'Counted');
  await addHolding(browser, portfolioId, 'AAPL', 3, 100);
});
afterAll(async () => {
  await server?.close();
});

/** The ownership reads of one request, which must succeed with `status`. */
async function readsOf(status: number, send: () => Promise<{ status: number; text: string }>): Promise<number> {
  const before = ownershipReads;
  const res = await send();
  expect(res.status, res.text).toBe(status);
  return ownershipReads - before;
}

describe('ownership reads per write', () => {
  it('the counter sees an ownership read (a plain portfolio read makes one)', async () => {
    expect(await readsOf(200, () => browser.get(`/api/portfolios/${portfolioId}`))).toBe(1);
  });

  it('adding, editing and deleting an activity: one each', async () => {
    const url = `/api/portfolios/${portfolioId}/activities`;
    const deposit = { type: 'deposit', date: '2025-01-02', amount: 100 };
    let id = '';
    expect(
      await readsOf(201, async () => {
        const res = await browser.post(url, deposit);
        id = res.json?.id;
        return res;
      }),
    ).toBe(1);
    expect(await readsOf(200, () => browser.put(`${url}/${id}`, { ...deposit, amount: 150 }))).toBe(1);
    expect(await readsOf(200, () => browser.delete(`${url}/${id}`))).toBe(1);
  });

  it('adding, editing, dating, refreshing and removing a holding: one each', async () => {
    const url = `/api/portfolios/${portfolioId}/holdings`;
    let id = '';
    expect(
      await readsOf(201, async () => {
        const res = await browser.post(url, { symbol: 'MSFT', quantity: 2, averagePrice: 300 });
        id = res.json?.id;
        return res;
      }),
    ).toBe(1);
    expect(await readsOf(200, () => browser.put(`${url}/${id}`, { quantity: 4, averagePrice: 310 }))).toBe(1);
    const undated = await browser.post(url, { symbol: 'KO', quantity: 5, averagePrice: 60, purchaseDate: null });
    expect(undated.status, undated.text).toBe(201);
    expect(
      await readsOf(200, () => browser.put(`${url}/${undated.json.id}/purchase-date`, { purchaseDate: '2024-03-01' })),
    ).toBe(1);
    expect(await readsOf(200, () => browser.patch(`/api/portfolios/holdings/${id}`, {}))).toBe(1);
    expect(await readsOf(200, () => browser.delete(`${url}/${id}`))).toBe(1);
  });

  it('importing holdings and activities: one each', async () => {
    const holdings = 'Symbol,Quantity,Average Cost\nNVDA,1,500\n';
    expect(await readsOf(200, () => browser.post(`/api/portfolios/${portfolioId}/import`, { csv: holdings }))).toBe(1);
    const activities = 'Date,Type,Amount\n2025-01-03,Deposit,250\n';
    expect(
      await readsOf(200, () => browser.post(`/api/portfolios/${portfolioId}/activities/import`, { csv: activities })),
    ).toBe(1);
  });

  it('renaming and changing the cost method: one', async () => {
    expect(
      await readsOf(200, () =>
        browser.patch(`/api/portfolios/${portfolioId}`, { name: 'Renamed', costMethod: 'average' }),
      ),
    ).toBe(1);
  });
});
