import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_MESSAGES as L } from '../../src/shared/portfolio/ledger/schemas';
import { PORTFOLIO_MESSAGES as M } from '../../src/shared/portfolio/messages';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { addHolding, createPortfolio, signedInBrowser } from './portfolio-helpers';

/** Issue 21: the ledger's API on either engine — activities, validation, cost methods, holdings as views. */

let server: TestServer;
let owner: Browser;
let stranger: Browser;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signedInBrowser(server.url);
  stranger = await signedInBrowser(server.url);
});
afterAll(async () => server?.close());

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

async function add(browser: Browser, id: string, activity: Record<string, unknown>) {
  return browser.post(`/api/portfolios/${id}/activities`, activity);
}

async function added(id: string, activity: Record<string, unknown>) {
  const res = await add(owner, id, activity);
  if (res.status !== 201) throw new Error(`add activity failed: ${res.status} ${res.text}`);
  return res.json as { id: string };
}

describe('activities CRUD', () => {
  it('adds, lists by date, edits and deletes, and the holdings follow', async () => {
    const id = await createPortfolio(owner, 'Ledger CRUD');
    const second = await added(id, {
      type: 'buy',
      date: daysAgo(10),
      symbol: 'aapl',
      quantity: '5',
      price: 110,
      fee: '1',
    });
    const first = await added(id, { type: 'buy', date: daysAgo(20), symbol: 'AAPL', quantity: 10, price: '100' });
    const deposit = await added(id, { type: 'deposit', date: daysAgo(30), amount: '5000', note: 'Salary' });
    expect(second).toMatchObject({ type: 'buy', symbol: 'AAPL', quantity: '5', price: '110', fee: '1', amount: null });
    expect(deposit).toMatchObject({ type: 'deposit', symbol: null, amount: '5000', note: 'Salary' });

    const list = await owner.get(`/api/portfolios/${id}/activities`);
    expect(list.status).toBe(200);
    expect(list.json.map((a: { id: string }) => a.id)).toEqual([deposit.id, first.id, second.id]);

    let holdings = (await owner.get(`/api/portfolios/${id}/holdings`)).json;
    expect(holdings).toHaveLength(1);
    // FIFO: (10 × 100 + 5 × 110 + 1) / 15
    expect(holdings[0]).toMatchObject({ symbol: 'AAPL', quantity: '15', averagePrice: '103.4', realisedGain: '0.00' });
    expect(holdings[0].lots).toHaveLength(2);

    const edited = await owner.put(`/api/portfolios/${id}/activities/${second.id}`, {
      type: 'buy',
      date: daysAgo(10),
      symbol: 'AAPL',
      quantity: '10',
      price: '110',
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id: second.id, quantity: '10', fee: null });
    holdings = (await owner.get(`/api/portfolios/${id}/holdings`)).json;
    expect(holdings[0]).toMatchObject({ quantity: '20', averagePrice: '105' });

    expect((await owner.delete(`/api/portfolios/${id}/activities/${second.id}`)).status).toBe(200);
    expect((await owner.delete(`/api/portfolios/${id}/activities/${first.id}`)).status).toBe(200);
    expect((await owner.get(`/api/portfolios/${id}/holdings`)).json).toEqual([]);
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toHaveLength(1);
    const gone = await owner.delete(`/api/portfolios/${id}/activities/${second.id}`);
    expect(gone.status).toBe(404);
    expect(gone.json.message).toBe(L.activityNotFound);
  });

  it("answers 404 for someone else's portfolio on every ledger path", async () => {
    const id = await createPortfolio(owner, 'Private ledger');
    const buy = await added(id, { type: 'buy', date: daysAgo(5), symbol: 'MSFT', quantity: 1, price: 300 });
    const body = { type: 'deposit', date: daysAgo(1), amount: 1 };
    const answers = [
      await stranger.get(`/api/portfolios/${id}/activities`),
      await add(stranger, id, body),
      await stranger.put(`/api/portfolios/${id}/activities/${buy.id}`, body),
      await stranger.delete(`/api/portfolios/${id}/activities/${buy.id}`),
      await stranger.get(`/api/portfolios/${id}/performance`),
      await stranger.get(`/api/portfolios/${id}/activities/export`),
      await stranger.post(`/api/portfolios/${id}/activities/import/preview`, { csv: 'Date,Type\n' }),
      await stranger.post(`/api/portfolios/${id}/activities/import`, { csv: 'Date,Type\n' }),
      await stranger.patch(`/api/portfolios/${id}`, { costMethod: 'average' }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.json.message).toBe(M.portfolioNotFound);
    }
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toHaveLength(1);
  });
});

describe('validation: a clear message and nothing written', () => {
  it('names each problem', async () => {
    const id = await createPortfolio(owner, 'Bad input');
    await added(id, { type: 'buy', date: daysAgo(20), symbol: 'AAPL', quantity: 5, price: 100 });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'sell', date: daysAgo(10), symbol: 'AAPL', quantity: 10, price: 120 }, 'more than'],
      [{ type: 'split', date: daysAgo(10), symbol: 'AAPL', ratio: '4:0' }, L.ratioInvalid],
      [{ type: 'split', date: daysAgo(10), symbol: 'AAPL', ratio: '1.5:1' }, L.ratioInvalid],
      [{ type: 'buy', date: daysAgo(10), symbol: 'ZZZZQ', quantity: 1, price: 1 }, L.unknownSymbol('ZZZZQ')],
      [{ type: 'deposit', date: daysAgo(-3), amount: 100 }, L.dateInFuture],
      [{ type: 'deposit', date: '2024-02-30', amount: 100 }, L.dateInvalid],
      [{ type: 'deposit', date: daysAgo(3), amount: 0 }, L.amountInvalid],
      [{ type: 'dividend', date: daysAgo(3), symbol: 'AAPL' }, L.amountRequired],
      [{ type: 'buy', date: daysAgo(3), symbol: 'AAPL', quantity: -1, price: 1 }, L.quantityInvalid],
      [{ type: 'buy', date: daysAgo(3), symbol: 'AAPL', quantity: 1 }, L.priceRequired],
      [{ type: 'transfer', date: daysAgo(3) }, L.typeRequired],
      [{ type: 'dividend', date: daysAgo(30), symbol: 'MSFT', amount: 5 }, 'MSFT'],
    ];
    for (const [body, message] of cases) {
      const res = await add(owner, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message, JSON.stringify(body)).toContain(message);
    }
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toHaveLength(1);
  });

  it('refuses to delete or shrink a buy that a later sell needs, naming the sell', async () => {
    const id = await createPortfolio(owner, 'Needed buy');
    const buy = await added(id, { type: 'buy', date: daysAgo(20), symbol: 'NVDA', quantity: 10, price: 100 });
    const sellDate = daysAgo(10);
    await added(id, { type: 'sell', date: sellDate, symbol: 'NVDA', quantity: 8, price: 120 });
    const del = await owner.delete(`/api/portfolios/${id}/activities/${buy.id}`);
    expect(del.status).toBe(400);
    expect(del.json.message).toContain(sellDate);
    expect(del.json.message).toContain('NVDA');
    const shrink = await owner.put(`/api/portfolios/${id}/activities/${buy.id}`, {
      type: 'buy',
      date: daysAgo(20),
      symbol: 'NVDA',
      quantity: 5,
      price: 100,
    });
    expect(shrink.status).toBe(400);
    expect(shrink.json.message).toContain(sellDate);
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toHaveLength(2);
    expect((await owner.get(`/api/portfolios/${id}/holdings`)).json[0]).toMatchObject({ quantity: '2' });
  });
});

describe('cost methods', () => {
  it('PATCH costMethod changes the realised figures', async () => {
    const id = await createPortfolio(owner, 'Cost methods');
    await added(id, { type: 'buy', date: daysAgo(30), symbol: 'MSFT', quantity: 10, price: 100 });
    await added(id, { type: 'buy', date: daysAgo(20), symbol: 'MSFT', quantity: 10, price: 200 });
    await added(id, { type: 'sell', date: daysAgo(10), symbol: 'MSFT', quantity: 10, price: 300 });
    let [holding] = (await owner.get(`/api/portfolios/${id}/holdings`)).json;
    // FIFO sells the 100s: 10 × (300 − 100); what is left cost 200.
    expect(holding).toMatchObject({ quantity: '10', averagePrice: '200', realisedGain: '2000.00' });
    expect(holding.lots).toEqual([expect.objectContaining({ quantity: '10' })]);
    const fifo = (await owner.get(`/api/portfolios/${id}/performance`)).json;
    expect(fifo.realisedGain).toBe('2000.00');

    const patched = await owner.patch(`/api/portfolios/${id}`, { costMethod: 'average' });
    expect(patched.status).toBe(200);
    expect(patched.json.costMethod).toBe('average');
    [holding] = (await owner.get(`/api/portfolios/${id}/holdings`)).json;
    // Average cost 150: 10 × (300 − 150).
    expect(holding).toMatchObject({ quantity: '10', averagePrice: '150', realisedGain: '1500.00' });
    expect(holding.lots).toBeUndefined();
    const average = (await owner.get(`/api/portfolios/${id}/performance`)).json;
    expect(average.realisedGain).toBe('1500.00');

    const bad = await owner.patch(`/api/portfolios/${id}`, { costMethod: 'lifo' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('Cost method');
  });
});

describe('holdings as views over the ledger', () => {
  it('adding a holding without a date records a transfer in today; editing edits it; removing removes the symbol', async () => {
    const id = await createPortfolio(owner, 'Views');
    const held = await addHolding(owner, id, 'AAPL', 10, 150);
    let activities = (await owner.get(`/api/portfolios/${id}/activities`)).json;
    expect(activities).toEqual([
      expect.objectContaining({ type: 'transfer_in', date: daysAgo(0), symbol: 'AAPL', quantity: '10', price: '150' }),
    ]);
    const edit = await owner.put(`/api/portfolios/${id}/holdings/${held.id}`, { quantity: 4, averagePrice: 120 });
    expect(edit.status).toBe(200);
    expect(edit.json).toMatchObject({ id: held.id, quantity: '4', averagePrice: '120' });
    activities = (await owner.get(`/api/portfolios/${id}/activities`)).json;
    expect(activities).toEqual([expect.objectContaining({ type: 'transfer_in', quantity: '4', price: '120' })]);

    await added(id, { type: 'dividend', date: daysAgo(0), symbol: 'AAPL', amount: '3.50' });
    const refused = await owner.put(`/api/portfolios/${id}/holdings/${held.id}`, { quantity: 5, averagePrice: 1 });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('This holding has 2 activities: edit them on the Activity tab.');

    await added(id, { type: 'deposit', date: daysAgo(1), amount: '100' });
    expect((await owner.delete(`/api/portfolios/${id}/holdings/${held.id}`)).status).toBe(200);
    activities = (await owner.get(`/api/portfolios/${id}/activities`)).json;
    expect(activities).toEqual([expect.objectContaining({ type: 'deposit' })]);
    expect((await owner.get(`/api/portfolios/${id}/holdings`)).json).toEqual([]);
  });

  it('adding a symbol already held adds a second transfer in, merged in the holding', async () => {
    const id = await createPortfolio(owner, 'Merge');
    const first = await addHolding(owner, id, 'MSFT', 10, 100);
    const second = await addHolding(owner, id, 'MSFT', 30, 200);
    expect(second).toMatchObject({ id: first.id, quantity: '40', averagePrice: '175' });
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toHaveLength(2);
  });

  it('the holdings CSV import records transfers in when the file has no dates', async () => {
    const id = await createPortfolio(owner, 'Holdings import');
    const res = await owner.post(`/api/portfolios/${id}/import`, { csv: 'symbol,quantity,averagePrice\nAAPL,2,100\n' });
    expect(res.status).toBe(200);
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toEqual([
      expect.objectContaining({ type: 'transfer_in', symbol: 'AAPL', quantity: '2', price: '100' }),
    ]);
  });
});

describe('the shared page keeps the ledger private', () => {
  it('shows the same allow-listed fields, and nothing only the ledger knows', async () => {
    const id = await createPortfolio(owner, 'Shared ledger');
    const deposit = await added(id, { type: 'deposit', date: daysAgo(40), amount: '7777.77', note: 'bonus-note' });
    await added(id, { type: 'buy', date: daysAgo(30), symbol: 'AAPL', quantity: 10, price: 100, fee: '3.33' });
    await added(id, { type: 'dividend', date: daysAgo(20), symbol: 'AAPL', amount: '44.44' });
    await added(id, { type: 'sell', date: daysAgo(10), symbol: 'AAPL', quantity: 4, price: 150 });
    await added(id, { type: 'withdrawal', date: daysAgo(5), amount: '55.55' });
    const link = (await owner.patch(`/api/portfolios/${id}/visibility`, { isPublic: true })).json.shareableLink;
    const res = await stranger.get(`/api/portfolio/shared/${link}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.portfolio).sort()).toEqual([
      'currency',
      'description',
      'holdingsCount',
      'lastUpdated',
      'name',
      'pricesAsOf',
      'totalGainLoss',
      'totalGainLossPercent',
      'totalValue',
    ]);
    expect(Object.keys(res.json.holdings[0]).sort()).toEqual([
      'currency',
      'currentPrice',
      'gainLoss',
      'gainLossPercent',
      'listingPrice',
      'quantity',
      'symbol',
      'totalValue',
    ]);
    const realised = (await owner.get(`/api/portfolios/${id}/holdings`)).json[0].realisedGain as string;
    for (const secret of [
      deposit.id,
      '7777.77',
      'bonus-note',
      '3.33',
      '44.44',
      '55.55',
      realised,
      'realisedGain',
      'lots',
      'costMethod',
      'activities',
      'cash',
    ]) {
      expect(res.text, secret).not.toContain(secret);
    }
  });
});
