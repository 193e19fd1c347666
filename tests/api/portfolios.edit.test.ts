import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTFOLIO_MESSAGES as M } from '../../src/shared/portfolio/messages';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { addHolding, createPortfolio, signedInBrowser } from './portfolio-helpers';

/** Correcting a holding: PUT /api/portfolios/{id}/holdings/{holdingId} sets quantity and average price outright. */

let server: TestServer;
let owner: Browser;
let stranger: Browser;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signedInBrowser(server.url);
  stranger = await signedInBrowser(server.url);
});
afterAll(async () => server?.close());

describe('PUT /api/portfolios/{id}/holdings/{holdingId}', () => {
  it('replaces quantity and average price (no merge) and answers the holding valued now', async () => {
    const id = await createPortfolio(owner, 'Edit holdings');
    const held = await addHolding(owner, id, 'AAPL', 10, 100);
    const res = await owner.put(`/api/portfolios/${id}/holdings/${held.id}`, {
      quantity: '2.5',
      averagePrice: '1234.50',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: held.id, symbol: 'AAPL', quantity: '2.5', averagePrice: '1234.5' });
    const list = await owner.get(`/api/portfolios/${id}/holdings`);
    expect(list.json).toHaveLength(1);
    expect(list.json[0]).toMatchObject({ quantity: '2.5', averagePrice: '1234.5' });
  });

  it('refuses bad numbers with the Add Stock messages', async () => {
    const id = await createPortfolio(owner, 'Bad edits');
    const held = await addHolding(owner, id, 'MSFT', 1, 10);
    const zero = await owner.put(`/api/portfolios/${id}/holdings/${held.id}`, { quantity: 0, averagePrice: 10 });
    expect(zero.status).toBe(400);
    expect(zero.json.message).toContain(M.quantityNotPositive);
    const negative = await owner.put(`/api/portfolios/${id}/holdings/${held.id}`, { quantity: 1, averagePrice: -1 });
    expect(negative.status).toBe(400);
    expect(negative.json.message).toContain(M.priceNegative);
    const missing = await owner.put(`/api/portfolios/${id}/holdings/${held.id}`, {});
    expect(missing.status).toBe(400);
  });

  it("answers 404 for someone else's holding, or a holding of another portfolio", async () => {
    const id = await createPortfolio(owner, 'Mine');
    const other = await createPortfolio(owner, 'Also mine');
    const held = await addHolding(owner, id, 'NVDA', 1, 10);
    const foreign = await stranger.put(`/api/portfolios/${id}/holdings/${held.id}`, { quantity: 5, averagePrice: 1 });
    expect(foreign.status).toBe(404);
    expect(foreign.json.message).toBe(M.portfolioNotFound);
    const wrongParent = await owner.put(`/api/portfolios/${other}/holdings/${held.id}`, {
      quantity: 5,
      averagePrice: 1,
    });
    expect(wrongParent.status).toBe(404);
    expect(wrongParent.json.message).toBe(M.holdingNotFound);
    const unchanged = await owner.get(`/api/portfolios/${id}/holdings`);
    expect(unchanged.json[0]).toMatchObject({ quantity: '1', averagePrice: '10' });
  });
});
