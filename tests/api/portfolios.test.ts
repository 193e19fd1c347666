import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { tablesOf } from '../../src/server/db/schema';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import { Dec } from '../../src/shared/portfolio/decimal';
import { MAX_HOLDINGS_PER_PORTFOLIO, MAX_PORTFOLIOS_PER_USER } from '../../src/shared/portfolio/limits';
import { PORTFOLIO_MESSAGES as M } from '../../src/shared/portfolio/messages';
import { instrumentProvider, manualClock, type InstrumentedProvider } from '../helpers/marketProviders';
import { insertActivities } from '../../src/server/modules/ledger/ledgerQueries';
import { startTestServer, writeFromElsewhere, type TestServer } from '../helpers/testServer';
import { Browser } from './auth-helpers';
import { addHolding, createPortfolio, signedInBrowser } from './portfolio-helpers';

/** Every product.md §7 portfolio path against the real server, database and (simulated) market behind its cache. */

const START = Date.UTC(2026, 10, 20, 15, 0, 10);
const clock = manualClock(START);
let upstream: InstrumentedProvider;
let server: TestServer;
let owner: Browser;

beforeAll(async () => {
  upstream = instrumentProvider(createSimulatedProvider(clock.now));
  server = await startTestServer({ TRUST_PROXY: 'true' }, { now: clock.now, market: { provider: upstream.provider } });
  owner = await signedInBrowser(server.url);
});
afterAll(async () => server?.close());

const SUMMARY_KEYS = [
  'baseCurrency',
  'cashBalance',
  'costMethod',
  'createdAt',
  'dayChange',
  'dayChangePercent',
  'description',
  'errors',
  'holdingsCount',
  'holdingsValue',
  'id',
  'isPublic',
  'lastUpdated',
  'name',
  'pricesAsOf',
  'shareableLink',
  'stale',
  'totalCost',
  'totalGainLoss',
  'totalGainLossPercent',
  'totalValue',
];
const NUMERIC = /^-?\d+(\.\d+)?$/;

async function price(symbol: string): Promise<string> {
  const res = await owner.get(`/api/stocks/quote/${symbol}`);
  return String(res.json.regularMarketPrice);
}

describe('POST /api/portfolios and GET /api/portfolios', () => {
  it('creates a portfolio and lists it with totals as numeric strings', async () => {
    const created = await owner.post('/api/portfolios', {
      name: '  Retirement  ',
      description: 'Long term',
      totalValue: 1e9,
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual(SUMMARY_KEYS);
    expect(created.json).toMatchObject({
      name: 'Retirement',
      description: 'Long term',
      isPublic: false,
      shareableLink: null,
      totalValue: '0.00',
      holdingsCount: 0,
      lastUpdated: new Date(START).toISOString(),
    });
    const list = await owner.get('/api/portfolios');
    expect(list.status).toBe(200);
    expect(list.json.map((p: { id: string }) => p.id)).toContain(created.json.id);
  });

  it('refuses bad names and descriptions with clear messages', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: '' }, `name: ${M.nameRequired}`],
      [{}, `name: ${M.nameRequired}`],
      [{ name: 'x'.repeat(101) }, `name: ${M.nameTooLong}`],
      [{ name: 'ok', description: 'd'.repeat(501) }, `description: ${M.descriptionTooLong}`],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post('/api/portfolios', body);
      expect(res.status, JSON.stringify(body).slice(0, 50)).toBe(400);
      expect(res.json.message).toBe(message);
    }
  });

  it('needs a signed-in user', async () => {
    const anonymous = new Browser(server.url);
    expect((await anonymous.get('/api/portfolios')).status).toBe(401);
    expect((await anonymous.post('/api/portfolios', { name: 'x' })).status).toBe(401);
  });
});

describe('holdings', () => {
  it('adds holdings valued by the server, ignoring every number the client computed', async () => {
    const id = await createPortfolio(owner, 'Holdings');
    const aapl = await price('AAPL');
    const res = await owner.post(`/api/portfolios/${id}/holdings`, {
      symbol: 'aapl',
      quantity: 10,
      averagePrice: 100,
      currentPrice: 1,
      totalValue: 999999,
      gainLoss: 999999,
      gainLossPercent: 999999,
    });
    expect(res.status).toBe(201);
    const value = new Dec(aapl).times(10);
    expect(res.json).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      quantity: '10',
      averagePrice: '100',
      currentPrice: aapl,
      totalValue: value.toFixed(2),
      gainLoss: value.minus(1000).toFixed(2),
      priceError: null,
    });
    for (const key of ['quantity', 'averagePrice', 'currentPrice', 'totalValue', 'gainLoss', 'gainLossPercent']) {
      expect(res.json[key], key).toMatch(NUMERIC);
    }

    const list = await owner.get(`/api/portfolios/${id}/holdings`);
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(1);
    expect(list.json[0].totalValue).toBe(value.toFixed(2));
  });

  it('merges a symbol already held: quantities add, the average price is weighted', async () => {
    const id = await createPortfolio(owner, 'Merge');
    const first = await addHolding(owner, id, 'MSFT', '0.1', '300');
    const second = await addHolding(owner, id, 'msft', 0.2, 450);
    expect(second.id).toBe(first.id);
    expect(second.quantity).toBe('0.3');
    // (0.1 x 300 + 0.2 x 450) / 0.3 = 400
    expect(second.averagePrice).toBe('400');
    const list = await owner.get(`/api/portfolios/${id}/holdings`);
    expect(list.json).toHaveLength(1);
  });

  it('values the portfolio: totals, total return % = gain / (value - gain), day change and pricesAsOf', async () => {
    const id = await createPortfolio(owner, 'Totals');
    await addHolding(owner, id, 'KO', 100, 50);
    await addHolding(owner, id, 'PEP', 10, 200);
    const [ko, pep] = await Promise.all([owner.get('/api/stocks/quote/KO'), owner.get('/api/stocks/quote/PEP')]);
    const value = new Dec(String(ko.json.regularMarketPrice))
      .times(100)
      .plus(new Dec(String(pep.json.regularMarketPrice)).times(10));
    const gain = value.minus(7000);
    const day = new Dec(String(ko.json.regularMarketChange))
      .times(100)
      .plus(new Dec(String(pep.json.regularMarketChange)).times(10));

    const detail = await owner.get(`/api/portfolios/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.portfolio).toMatchObject({
      totalValue: value.toDecimalPlaces(2).toFixed(2),
      totalCost: '7000.00',
      totalGainLoss: gain.toDecimalPlaces(2).toFixed(2),
      totalGainLossPercent: gain.div(value.minus(gain)).times(100).toDecimalPlaces(2).toFixed(2),
      dayChange: day.toDecimalPlaces(2).toFixed(2),
      holdingsCount: 2,
      pricesAsOf: new Date(ko.json.regularMarketTime).toISOString(),
      stale: false,
      errors: [],
    });
    expect(detail.json.holdings.map((h: { symbol: string }) => h.symbol)).toEqual(['KO', 'PEP']);
    const weights = detail.json.holdings.map((h: { weight: string }) => Number(h.weight));
    expect(weights[0] + weights[1]).toBeCloseTo(100, 1);
  });

  it("asks the market once, for all of a portfolio's symbols, per valuation", async () => {
    const id = await createPortfolio(owner, 'Batched');
    for (const symbol of ['NVDA', 'AMD', 'QCOM', 'MU']) await addHolding(owner, id, symbol, 1, 1);
    clock.advance(60_000); // every quote cold again
    const before = upstream.quoteCalls.length;
    const res = await owner.get(`/api/portfolios/${id}/holdings`);
    expect(res.status).toBe(200);
    const calls = upstream.quoteCalls.slice(before);
    expect(calls).toHaveLength(1);
    expect([...calls[0]].sort()).toEqual(['AMD', 'MU', 'NVDA', 'QCOM']);
  });

  it('says which holding has no price instead of valuing it at zero', async () => {
    const { holdings: holdingsTable, portfolios } = tablesOf(server.deps.db);
    const id = await createPortfolio(owner, 'Delisted');
    await addHolding(owner, id, 'KO', 1, 10);
    expect((await owner.get(`/api/portfolios/${id}`)).json.holdings).toHaveLength(1);
    // A symbol the market no longer knows (delisted since it was added), written as every holdings write is: with the
    // portfolio's version moved, which is what tells the server's kept holdings (ledgerCache.ts) to read them again.
    await server.deps.db
      .update(portfolios)
      .set({ updatedAt: sql`${portfolios.updatedAt} + 1` })
      .where(eq(portfolios.id, id));
    await server.deps.db.insert(holdingsTable).values({
      id: 'delisted1',
      portfolioId: id,
      symbol: 'GONEX',
      quantity: '5',
      averagePrice: '10',
      createdAt: START,
      updatedAt: START,
    });
    const detail = await owner.get(`/api/portfolios/${id}`);
    const gone = detail.json.holdings.find((h: { symbol: string }) => h.symbol === 'GONEX');
    expect(gone).toMatchObject({
      currentPrice: null,
      totalValue: null,
      gainLoss: null,
      priceError: 'No price available for GONEX',
    });
    expect(detail.json.portfolio.errors).toEqual(['No price for GONEX right now; it is left out of the totals.']);
    expect(detail.json.portfolio.totalCost).toBe('10.00');
  });

  it('flags stale prices when the market fails and the last good quote is served', async () => {
    const id = await createPortfolio(owner, 'Stale');
    await addHolding(owner, id, 'WMT', 2, 50);
    clock.advance(60_000);
    upstream.mode = 'fail';
    try {
      const detail = await owner.get(`/api/portfolios/${id}`);
      expect(detail.status).toBe(200);
      expect(detail.json.holdings[0]).toMatchObject({ symbol: 'WMT', stale: true });
      expect(detail.json.holdings[0].currentPrice).toMatch(NUMERIC);
      expect(detail.json.portfolio.stale).toBe(true);
      expect(detail.json.portfolio.errors.join(' ')).toMatch(/last known prices/);
    } finally {
      upstream.mode = 'ok';
    }
  });

  it('refuses unknown symbols and out-of-bounds numbers with clear 400 messages', async () => {
    const id = await createPortfolio(owner, 'Validation');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ symbol: 'ZZZZZ', quantity: 1, averagePrice: 1 }, M.stockNotFound],
      [{ symbol: 'AAPL', quantity: 0, averagePrice: 1 }, `quantity: ${M.quantityNotPositive}`],
      [{ symbol: 'AAPL', quantity: 1_000_000_001, averagePrice: 1 }, `quantity: ${M.quantityTooLarge}`],
      [{ symbol: 'AAPL', quantity: '0.123456789', averagePrice: 1 }, `quantity: ${M.quantityTooPrecise}`],
      [{ symbol: 'AAPL', quantity: 1, averagePrice: -1 }, `averagePrice: ${M.priceNegative}`],
      [{ symbol: 'AAPL', quantity: 1, averagePrice: 10_000_001 }, `averagePrice: ${M.priceTooLarge}`],
      [{ quantity: 1, averagePrice: 1 }, `symbol: ${M.symbolRequired}`],
      [{ symbol: 'AAPL' }, `quantity: ${M.quantityRequired}; averagePrice: ${M.priceRequired}`],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post(`/api/portfolios/${id}/holdings`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    const merged = await owner.post(`/api/portfolios/${id}/holdings`, {
      symbol: 'AAPL',
      quantity: 999_999_999,
      averagePrice: 1,
    });
    expect(merged.status).toBe(201);
    const over = await owner.post(`/api/portfolios/${id}/holdings`, { symbol: 'AAPL', quantity: 2, averagePrice: 1 });
    expect(over.status).toBe(400);
    expect(over.json.message).toBe(M.quantityMergeTooLarge);
  });

  it('DELETE removes a holding and PATCH refreshes one from the market, ignoring the sent price', async () => {
    const id = await createPortfolio(owner, 'Edit');
    const held = await addHolding(owner, id, 'DIS', 4, 100);
    await addHolding(owner, id, 'HD', 1, 300);
    const refreshed = await owner.patch(`/api/portfolios/holdings/${held.id}`, {
      currentPrice: '1.00',
      totalValue: '4.00',
      gainLoss: '-396.00',
      gainLossPercent: '-99.00',
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.currentPrice).toBe(await price('DIS'));
    expect(refreshed.json.totalValue).toBe(new Dec(await price('DIS')).times(4).toFixed(2));

    const removed = await owner.delete(`/api/portfolios/${id}/holdings/${held.id}`);
    expect(removed.status).toBe(200);
    const list = await owner.get(`/api/portfolios/${id}/holdings`);
    expect(list.json.map((h: { symbol: string }) => h.symbol)).toEqual(['HD']);
    const again = await owner.delete(`/api/portfolios/${id}/holdings/${held.id}`);
    expect(again.status).toBe(404);
    expect(again.json.message).toBe(M.holdingNotFound);
  });
});

describe('PATCH /api/portfolios/{id}', () => {
  it('ignores the sent totalValue and answers the server valuation; saves a new name', async () => {
    const id = await createPortfolio(owner, 'Rename me');
    await addHolding(owner, id, 'CAT', 1, 100);
    const res = await owner.patch(`/api/portfolios/${id}`, { totalValue: '123456789.00' });
    expect(res.status).toBe(200);
    expect(res.json.totalValue).toBe(new Dec(await price('CAT')).toFixed(2));
    const renamed = await owner.patch(`/api/portfolios/${id}`, { name: 'Renamed', description: null });
    expect(renamed.json).toMatchObject({ name: 'Renamed', description: null });
    const bad = await owner.patch(`/api/portfolios/${id}`, { name: '' });
    expect(bad.status).toBe(400);
  });
});

describe('visibility', () => {
  it('makes a link on public, deletes it on private and makes a new one when public again', async () => {
    const id = await createPortfolio(owner, 'Visible');
    const pub = await owner.patch(`/api/portfolios/${id}/visibility`, { isPublic: true });
    expect(pub.status).toBe(200);
    expect(pub.json.isPublic).toBe(true);
    expect(pub.json.shareableLink).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Public again while public keeps the link people already have.
    const same = await owner.patch(`/api/portfolios/${id}/visibility`, { isPublic: true });
    expect(same.json.shareableLink).toBe(pub.json.shareableLink);
    const priv = await owner.patch(`/api/portfolios/${id}/visibility`, { isPublic: false });
    expect(priv.json).toMatchObject({ isPublic: false, shareableLink: null });
    const again = await owner.patch(`/api/portfolios/${id}/visibility`, { isPublic: true });
    expect(again.json.shareableLink).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(again.json.shareableLink).not.toBe(pub.json.shareableLink);
    const bad = await owner.patch(`/api/portfolios/${id}/visibility`, { isPublic: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(`isPublic: ${M.isPublicRequired}`);
  });
});

describe('the shared answer', () => {
  it('follows every change at once: a new holding, a rename, new prices, going private', async () => {
    // The clock stands still here, so nothing can rely on timestamps to notice a change.
    const id = await createPortfolio(owner, 'Followed');
    await addHolding(owner, id, 'KO', 1, 50);
    const link = (await owner.patch(`/api/portfolios/${id}/visibility`, { isPublic: true })).json.shareableLink;
    const anonymous = new Browser(server.url);
    const read = async () => {
      const res = await anonymous.get(`/api/portfolio/shared/${link}`);
      expect(res.status).toBe(200);
      return res.json;
    };
    const first = await read();
    expect(await read()).toEqual(first);
    expect(first.holdings.map((h: { symbol: string }) => h.symbol)).toEqual(['KO']);

    await addHolding(owner, id, 'PEP', 2, 100);
    expect((await read()).holdings.map((h: { symbol: string }) => h.symbol)).toEqual(['KO', 'PEP']);
    await addHolding(owner, id, 'KO', 1, 50);
    expect((await read()).holdings[0].quantity).toBe('2');

    await owner.patch(`/api/portfolios/${id}`, { name: 'Renamed', description: 'Now described' });
    expect((await read()).portfolio).toMatchObject({ name: 'Renamed', description: 'Now described' });

    const before = await read();
    clock.advance(60_000); // the next simulated minute: new quotes
    const after = await read();
    expect(after.holdings[0].currentPrice).toBe(await price('KO'));
    expect(after.portfolio.pricesAsOf).not.toBe(before.portfolio.pricesAsOf);

    // tRPC's procedure answers the same thing.
    const trpc = await anonymous.get(
      `/trpc/portfolios.shared?input=${encodeURIComponent(JSON.stringify({ json: { link } }))}`,
    );
    expect(trpc.json.result.data.json).toEqual(after);

    await owner.patch(`/api/portfolios/${id}/visibility`, { isPublic: false });
    expect((await anonymous.get(`/api/portfolio/shared/${link}`)).status).toBe(404);
  });

  it('follows a write made through another connection to the database file', async () => {
    const id = await createPortfolio(owner, 'Seen elsewhere');
    await addHolding(owner, id, 'KO', 1, 50);
    const link = (await owner.patch(`/api/portfolios/${id}/visibility`, { isPublic: true })).json.shareableLink;
    const anonymous = new Browser(server.url);
    expect((await anonymous.get(`/api/portfolio/shared/${link}`)).json.portfolio.name).toBe('Seen elsewhere');
    // Another process on the same file (an operator's script, a second server) renames and then unshares it.
    const rename = {
      sqlite: 'update portfolios set name = ? where id = ?',
      postgres: 'update portfolios set name = $1 where id = $2',
    };
    await writeFromElsewhere(server, rename, ['Renamed elsewhere', id]);
    expect((await anonymous.get(`/api/portfolio/shared/${link}`)).json.portfolio.name).toBe('Renamed elsewhere');
    const unshare = {
      sqlite: 'update portfolios set is_public = 0, shareable_link = null where id = ?',
      postgres: 'update portfolios set is_public = false, shareable_link = null where id = $1',
    };
    await writeFromElsewhere(server, unshare, [id]);
    expect((await anonymous.get(`/api/portfolio/shared/${link}`)).status).toBe(404);
  });
});

describe('analysis, value history and import', () => {
  it('answers every rule with a sentence and the allocation by holding and by sector', async () => {
    const id = await createPortfolio(owner, 'Analysed');
    await addHolding(owner, id, 'JPM', 10, 200);
    await addHolding(owner, id, 'SPY', 2, 500);
    const res = await owner.get(`/api/portfolios/${id}/analysis`);
    expect(res.status).toBe(200);
    expect(res.json.rules.map((r: { key: string }) => r.key)).toEqual([
      'largestPosition',
      'topThreeWeight',
      'sectorConcentration',
      'holdingsCount',
      'volatility',
      'maxDrawdown',
      'beta',
      'cashLikeShare',
      'unrealisedLosses',
    ]);
    for (const rule of res.json.rules) {
      expect(['pass', 'warn']).toContain(rule.status);
      expect(rule.sentence).toMatch(/\d/);
    }
    expect(res.json.rules.find((r: { key: string }) => r.key === 'holdingsCount')).toMatchObject({
      status: 'warn',
      value: 2,
    });
    expect(res.json.allocation.bySector.map((s: { label: string }) => s.label).sort()).toEqual([
      'ETF',
      'Financial Services',
    ]);
    const sum = res.json.allocation.byHolding.reduce((s: number, h: { weight: string }) => s + Number(h.weight), 0);
    expect(sum).toBeCloseTo(100, 1);
  });

  it("draws the value of today's holdings at past prices, ending at today's value", async () => {
    const id = await createPortfolio(owner, 'History');
    await addHolding(owner, id, 'XOM', 3, 100);
    const detail = await owner.get(`/api/portfolios/${id}`);
    for (const range of ['1M', '6M', '1Y', '5Y']) {
      const res = await owner.get(`/api/portfolios/${id}/history?range=${range}`);
      expect(res.status, range).toBe(200);
      expect(res.json.range).toBe(range);
      expect(res.json.points.length, range).toBeGreaterThan(20);
      expect(res.json.points.at(-1).value).toBeCloseTo(Number(detail.json.portfolio.totalValue), 2);
    }
    const bad = await owner.get(`/api/portfolios/${id}/history?range=2D`);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('range: Invalid range: use one of 1M, 6M, 1Y, 5Y');
  });

  it('previews a CSV row by row and imports only the valid rows', async () => {
    const id = await createPortfolio(owner, 'Imported');
    await addHolding(owner, id, 'KO', 1, 60);
    const csv = 'symbol,quantity,averagePrice\nKO,1,70\nmsft,2,400\nNOPEX,1,1\nAAPL,-1,5\n';
    const preview = await owner.post(`/api/portfolios/${id}/import/preview`, { csv });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ valid: 2, invalid: 2, fileError: null });
    // A plain file: no date, currency or exchange rate given; every row a holding.
    const plain = { kind: 'position', amount: null, date: null, currency: null, fxRate: null };
    expect(preview.json.rows).toEqual([
      { ...plain, line: 2, symbol: 'KO', quantity: '1', averagePrice: '70', merges: true, error: null },
      { ...plain, line: 3, symbol: 'MSFT', quantity: '2', averagePrice: '400', merges: false, error: null },
      { ...plain, line: 4, symbol: 'NOPEX', quantity: '1', averagePrice: '1', merges: false, error: M.stockNotFound },
      {
        ...plain,
        line: 5,
        symbol: 'AAPL',
        quantity: '-1',
        averagePrice: '5',
        merges: false,
        error: M.quantityNotPositive,
      },
    ]);
    const imported = await owner.post(`/api/portfolios/${id}/import`, { csv });
    expect(imported.status).toBe(200);
    expect(imported.json).toMatchObject({ imported: 2, skipped: 2 });
    const list = await owner.get(`/api/portfolios/${id}/holdings`);
    expect(
      list.json.map((h: { symbol: string; quantity: string; averagePrice: string }) => [
        h.symbol,
        h.quantity,
        h.averagePrice,
      ]),
    ).toEqual([
      ['KO', '2', '65'],
      ['MSFT', '2', '400'],
    ]);
    const nothing = await owner.post(`/api/portfolios/${id}/import`, {
      csv: 'symbol,quantity,averagePrice\nNOPEX,1,1',
    });
    expect(nothing.status).toBe(400);
    expect(nothing.json.message).toBe(M.csvNothingToImport);
    const noHeader = await owner.post(`/api/portfolios/${id}/import/preview`, { csv: 'KO,1,1' });
    expect(noHeader.json.fileError).toMatch(/No header line found/);
  });
});

describe('limits', () => {
  it('allows 50 portfolios per user; two parallel creates at 49 make exactly one more', async () => {
    const user = await signedInBrowser(server.url);
    for (let i = 0; i < MAX_PORTFOLIOS_PER_USER - 1; i++) await createPortfolio(user, `P${i}`);
    const results = await Promise.all([
      user.post('/api/portfolios', { name: 'A' }),
      user.post('/api/portfolios', { name: 'B' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.json.message).toBe(M.tooManyPortfolios);
    const list = await user.get('/api/portfolios');
    expect(list.json).toHaveLength(MAX_PORTFOLIOS_PER_USER);
    // Deleting one makes room again.
    expect((await user.delete(`/api/portfolios/${list.json[0].id}`)).status).toBe(200);
    expect((await user.post('/api/portfolios', { name: 'C' })).status).toBe(201);
  });

  it('allows 500 holdings per portfolio, also under parallel adds; merging into a held symbol still works', async () => {
    const { holdings: holdingsTable } = tablesOf(server.deps.db);
    const user = await signedInBrowser(server.url);
    const id = await createPortfolio(user, 'Full');
    const now = clock.now();
    // 498 holdings and their buys written directly (the market only knows ~70 symbols), then the last ones through
    // the API.
    await server.deps.db.insert(holdingsTable).values(
      Array.from({ length: MAX_HOLDINGS_PER_PORTFOLIO - 2 }, (_, i) => ({
        id: `bulk${i}`,
        portfolioId: id,
        symbol: `FILL${i}`,
        quantity: '1',
        averagePrice: '1',
        createdAt: now,
        updatedAt: now,
      })),
    );
    await insertActivities(
      server.deps.db,
      Array.from({ length: MAX_HOLDINGS_PER_PORTFOLIO - 2 }, (_, i) => ({
        id: `h_bulk${i}`,
        portfolioId: id,
        type: 'buy',
        date: new Date(now).toISOString().slice(0, 10),
        symbol: `FILL${i}`,
        quantity: '1',
        price: '1',
        fee: null,
        amount: null,
        ratio: null,
        note: null,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await addHolding(user, id, 'AAPL', 1, 1);
    const results = await Promise.all([
      user.post(`/api/portfolios/${id}/holdings`, { symbol: 'MSFT', quantity: 1, averagePrice: 1 }),
      user.post(`/api/portfolios/${id}/holdings`, { symbol: 'NVDA', quantity: 1, averagePrice: 1 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.json.message).toBe(M.tooManyHoldings);
    expect(
      (await user.post(`/api/portfolios/${id}/holdings`, { symbol: 'AAPL', quantity: 1, averagePrice: 1 })).status,
    ).toBe(201);
    const list = await user.get(`/api/portfolios/${id}/holdings`);
    expect(list.json).toHaveLength(MAX_HOLDINGS_PER_PORTFOLIO);
  });
});
