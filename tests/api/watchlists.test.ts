import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import { POPULAR_WATCHLIST } from '../../src/shared/market/constants';
import { INVALID_SYMBOL_MESSAGE } from '../../src/shared/market/schemas';
import { MALFORMED_TEXT_MESSAGE } from '../../src/shared/schemas/text';
import {
  MAX_SYMBOLS_PER_WATCHLIST,
  MAX_WATCHLISTS_PER_USER,
  POPULAR_LIST_NAME,
} from '../../src/shared/watchlists/limits';
import { WATCHLIST_MESSAGES as M } from '../../src/shared/watchlists/messages';
import { instrumentProvider, manualClock } from '../helpers/marketProviders';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser, PASSWORD } from './auth-helpers';
import { person, type Person } from './social-helpers';
import { createList, knownSymbols, trpcAs } from './watchlist-helpers';

/** Issue 30 §1: every watchlist path on the real server and database, with the simulated market behind its cache. */

// A Tuesday, 15:00 UTC: the simulated NYSE session is open.
const START = Date.UTC(2026, 10, 24, 15, 0, 10);
const clock = manualClock(START);
let server: TestServer;
let ada: Person;

beforeAll(async () => {
  const upstream = instrumentProvider(createSimulatedProvider(clock.now));
  server = await startTestServer({ TRUST_PROXY: 'true' }, { now: clock.now, market: { provider: upstream.provider } });
  ada = await person(server.url);
});
afterAll(async () => server?.close());

const LIST_KEYS = ['createdAt', 'id', 'name', 'symbols', 'updatedAt'];
const ROW_KEYS = [
  'change',
  'changePercent',
  'complete',
  'currency',
  'dividendYieldPercent',
  'fromHigh52wPercent',
  'marketCap',
  'marketState',
  'name',
  'pe',
  'price',
  'quoteTime',
  'rating',
  'rsi14',
  'score',
  'stale',
  'symbol',
  'volumeRatio20d',
];

async function lists(who: Person) {
  const res = await who.browser.get('/api/watchlists');
  expect(res.status, res.text).toBe(200);
  return res.json as Array<{ id: string; name: string; symbols: string[]; createdAt: string }>;
}

/** The stored positions of a list's symbols, in order (read from the database itself). */
async function positionsOf(id: string): Promise<number[]> {
  const { watchlistSymbols } = tablesOf(server.deps.db);
  const rows = await server.deps.db
    .select({ position: watchlistSymbols.position })
    .from(watchlistSymbols)
    .where(eq(watchlistSymbols.watchlistId, id))
    .orderBy(asc(watchlistSymbols.position));
  return rows.map((r) => r.position);
}

async function symbolsOf(who: Person, id: string): Promise<string[]> {
  return (await lists(who)).find((l) => l.id === id)!.symbols;
}

describe('the popular list', () => {
  it('is a new user’s first list, made on the first read and only then', async () => {
    const bob = await person(server.url);
    const first = await lists(bob);
    expect(first).toHaveLength(1);
    expect(Object.keys(first[0]).sort()).toEqual(LIST_KEYS);
    expect(first[0]).toMatchObject({ name: POPULAR_LIST_NAME, symbols: [...POPULAR_WATCHLIST] });
    expect(first[0].createdAt).toBe(new Date(START).toISOString());
    expect(await lists(bob)).toEqual(first);
  });

  it('comes first whatever the first call is, and is editable like any list', async () => {
    const cleo = await person(server.url);
    const mine = await createList(cleo, 'Mine', ['KO']);
    const all = await lists(cleo);
    expect(all.map((l) => l.name)).toEqual([POPULAR_LIST_NAME, 'Mine']);
    expect(all[1].id).toBe(mine);
    const popular = all[0].id;
    expect((await cleo.browser.patch(`/api/watchlists/${popular}`, { name: 'Favourites' })).json.name).toBe(
      'Favourites',
    );
    expect((await cleo.browser.delete(`/api/watchlists/${popular}/symbols/%5EIXIC`)).status).toBe(200);
    expect((await cleo.browser.post(`/api/watchlists/${popular}/symbols`, { symbol: 'ko' })).status).toBe(201);
    expect(await symbolsOf(cleo, popular)).toEqual([...POPULAR_WATCHLIST.filter((s) => s !== '^IXIC'), 'KO']);
  });

  it('stays deleted once the user deletes it', async () => {
    const dan = await person(server.url);
    const [popular] = await lists(dan);
    expect((await dan.browser.delete(`/api/watchlists/${popular.id}`)).json).toEqual({ id: popular.id });
    expect(await lists(dan)).toEqual([]);
    expect((await dan.browser.get(`/api/watchlists/${popular.id}`)).status).toBe(404);
  });

  it('is made exactly once when 20 first reads arrive together', async () => {
    const eve = await person(server.url);
    const answers = await Promise.all(Array.from({ length: 20 }, () => eve.browser.get('/api/watchlists')));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.flatMap((a) => a.json.map((l: { id: string }) => l.id)));
    expect(ids.size).toBe(1);
    expect(await lists(eve)).toHaveLength(1);
  });
});

describe('POST /api/watchlists and PATCH /api/watchlists/{id}', () => {
  it('creates a named list, with first symbols when given, trimmed and upper-cased', async () => {
    const res = await ada.browser.post('/api/watchlists', {
      name: '  Dividend payers  ',
      symbols: ['ko', ' pep', 'JNJ'],
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(LIST_KEYS);
    expect(res.json).toMatchObject({ name: 'Dividend payers', symbols: ['KO', 'PEP', 'JNJ'] });
    expect((await ada.browser.post('/api/watchlists', { name: 'Empty' })).json.symbols).toEqual([]);
  });

  it('refuses bad names, unknown or repeated symbols and bodies that are not objects, with clear messages', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, `name: ${M.nameRequired}`],
      [{ name: '   ' }, 400, `name: ${M.nameRequired}`],
      [{ name: 42 }, 400, `name: ${M.nameRequired}`],
      [{ name: 'x'.repeat(61) }, 400, `name: ${M.nameTooLong}`],
      [{ name: 'bad \ud800 text' }, 400, `name: ${MALFORMED_TEXT_MESSAGE}`],
      [{ name: 'Typo', symbols: ['AAPL', 'XYZQ'] }, 400, M.unknownSymbol('XYZQ')],
      [{ name: 'Twice', symbols: ['AAPL', 'aapl'] }, 400, `symbols: ${M.symbolTwice('AAPL')}`],
      [{ name: 'Odd', symbols: ['A$'] }, 400, `symbols: ${INVALID_SYMBOL_MESSAGE}`],
      [{ name: 'Odd', symbols: 'AAPL' }, 400, `symbols: ${M.symbolsNotList}`],
      [{ name: 'Long', symbols: knownSymbols(MAX_SYMBOLS_PER_WATCHLIST + 1) }, 400, `symbols: ${M.symbolsTooMany}`],
      [['not', 'an', 'object'], 400, 'The request body must be a JSON object'],
    ];
    for (const [body, status, message] of cases) {
      const res = await ada.browser.post('/api/watchlists', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.json.message).toBe(message);
    }
    // Exactly 60 characters is a name; the name counts what is stored (NFC).
    expect((await ada.browser.post('/api/watchlists', { name: 'é'.repeat(60) })).status).toBe(201);
    expect((await ada.browser.post('/api/watchlists', { name: 'e\u0301'.repeat(60) })).status).toBe(409);
  });

  it('renames, and refuses a name another of the user’s lists has (in any case)', async () => {
    const id = await createList(ada, 'Tech');
    await createList(ada, 'Energy');
    const renamed = await ada.browser.patch(`/api/watchlists/${id}`, { name: 'Big tech' });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id, name: 'Big tech' });
    expect(renamed.json.updatedAt > renamed.json.createdAt).toBe(true);
    const taken = await ada.browser.patch(`/api/watchlists/${id}`, { name: 'ENERGY' });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(M.nameTaken('ENERGY'));
    expect((await ada.browser.post('/api/watchlists', { name: 'big TECH' })).status).toBe(409);
    // Its own name, in another case, is a rename.
    expect((await ada.browser.patch(`/api/watchlists/${id}`, { name: 'BIG TECH' })).json.name).toBe('BIG TECH');
  });

  it('needs a signed-in user on every path', async () => {
    const anonymous = new Browser(server.url);
    const [popular] = await lists(ada);
    const calls = [
      anonymous.get('/api/watchlists'),
      anonymous.post('/api/watchlists', { name: 'x' }),
      anonymous.get(`/api/watchlists/${popular.id}`),
      anonymous.patch(`/api/watchlists/${popular.id}`, { name: 'x' }),
      anonymous.delete(`/api/watchlists/${popular.id}`),
      anonymous.post(`/api/watchlists/${popular.id}/symbols`, { symbol: 'KO' }),
      anonymous.delete(`/api/watchlists/${popular.id}/symbols/AAPL`),
      anonymous.put(`/api/watchlists/${popular.id}/order`, { symbols: popular.symbols }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });
});

describe('symbols: add, remove, reorder', () => {
  it('appends a symbol, refuses it twice, refuses what the market does not know or cannot be a symbol', async () => {
    const id = await createList(ada, 'Adds', ['MSFT']);
    const added = await ada.browser.post(`/api/watchlists/${id}/symbols`, { symbol: ' nvda ' });
    expect(added.status).toBe(201);
    expect(added.json.symbols).toEqual(['MSFT', 'NVDA']);
    const cases: Array<[unknown, number, string]> = [
      [{ symbol: 'NVDA' }, 409, M.alreadyListed('NVDA')],
      [{ symbol: 'XYZQ' }, 400, M.unknownSymbol('XYZQ')],
      [{ symbol: '' }, 400, 'symbol: Symbol is required'],
      [{}, 400, 'symbol: Symbol is required'],
      [{ symbol: 'NV DA' }, 400, `symbol: ${INVALID_SYMBOL_MESSAGE}`],
      [{ symbol: ['NVDA'] }, 400, 'symbol: Symbol is required'],
    ];
    for (const [body, status, message] of cases) {
      const res = await ada.browser.post(`/api/watchlists/${id}/symbols`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.json.message).toBe(message);
    }
    expect(await symbolsOf(ada, id)).toEqual(['MSFT', 'NVDA']);
  });

  it('removes a symbol by its path (indices and share classes encoded), and says when it is not there', async () => {
    const id = await createList(ada, 'Removes', ['^DJI', 'BRK.B', 'KO']);
    expect((await ada.browser.delete(`/api/watchlists/${id}/symbols/%5Edji`)).json.symbols).toEqual(['BRK.B', 'KO']);
    expect((await ada.browser.delete(`/api/watchlists/${id}/symbols/BRK.B`)).json.symbols).toEqual(['KO']);
    const gone = await ada.browser.delete(`/api/watchlists/${id}/symbols/BRK.B`);
    expect(gone.status).toBe(404);
    expect(gone.json.message).toBe(M.notListed('BRK.B'));
    // Removed and added again, it goes to the end.
    await ada.browser.post(`/api/watchlists/${id}/symbols`, { symbol: 'BRK.B' });
    expect(await symbolsOf(ada, id)).toEqual(['KO', 'BRK.B']);
  });

  it('takes a full new order, and refuses one that is not the list rearranged', async () => {
    const id = await createList(ada, 'Order', ['AAPL', 'MSFT', 'KO', 'PEP']);
    const put = await ada.browser.put(`/api/watchlists/${id}/order`, { symbols: ['pep', 'KO', 'AAPL', 'MSFT'] });
    expect(put.status).toBe(200);
    expect(put.json.symbols).toEqual(['PEP', 'KO', 'AAPL', 'MSFT']);
    expect(await symbolsOf(ada, id)).toEqual(['PEP', 'KO', 'AAPL', 'MSFT']);

    const missing = await ada.browser.put(`/api/watchlists/${id}/order`, { symbols: ['PEP', 'KO', 'AAPL'] });
    expect(missing.status).toBe(409);
    expect(missing.json.message).toBe(M.orderMismatch(['MSFT'], []));
    expect(missing.json.message).toMatch(/Missing: MSFT\./);
    const extra = await ada.browser.put(`/api/watchlists/${id}/order`, { symbols: ['PEP', 'KO', 'AAPL', 'NVDA'] });
    expect(extra.status).toBe(409);
    expect(extra.json.message).toBe(M.orderMismatch(['MSFT'], ['NVDA']));
    const twice = await ada.browser.put(`/api/watchlists/${id}/order`, { symbols: ['PEP', 'KO', 'AAPL', 'pep'] });
    expect(twice.status).toBe(400);
    expect(twice.json.message).toBe(`symbols: ${M.symbolTwice('PEP')}`);
    for (const body of [{}, { symbols: 'PEP,KO' }, { symbols: [1, 2] }]) {
      const bad = await ada.browser.put(`/api/watchlists/${id}/order`, body);
      expect(bad.status).toBe(400);
      expect(bad.json.message).toBe(`symbols: ${M.symbolsNotList}`);
    }
    expect(await symbolsOf(ada, id)).toEqual(['PEP', 'KO', 'AAPL', 'MSFT']);
  });

  it('deletes a list with its symbols; a deleted list is a 404 everywhere', async () => {
    const id = await createList(ada, 'Short lived', ['KO']);
    expect((await ada.browser.delete(`/api/watchlists/${id}`)).status).toBe(200);
    expect((await lists(ada)).some((l) => l.id === id)).toBe(false);
    for (const res of [
      await ada.browser.delete(`/api/watchlists/${id}`),
      await ada.browser.get(`/api/watchlists/${id}`),
      await ada.browser.post(`/api/watchlists/${id}/symbols`, { symbol: 'KO' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.message).toBe(M.notFound);
    }
  });
});

describe('ownership', () => {
  it('answers someone else’s list exactly like a missing one, on every path, and leaves it unchanged', async () => {
    const id = await createList(ada, 'Private', ['AAPL', 'KO']);
    const mallory = await person(server.url);
    const paths = (target: string) => [
      mallory.browser.get(`/api/watchlists/${target}`),
      mallory.browser.patch(`/api/watchlists/${target}`, { name: 'Mine now' }),
      mallory.browser.post(`/api/watchlists/${target}/symbols`, { symbol: 'XYZQ' }),
      mallory.browser.delete(`/api/watchlists/${target}/symbols/AAPL`),
      mallory.browser.put(`/api/watchlists/${target}/order`, { symbols: ['KO', 'AAPL'] }),
      mallory.browser.delete(`/api/watchlists/${target}`),
    ];
    const foreign = await Promise.all(paths(id));
    const missing = await Promise.all(paths('no-such-list'));
    for (let i = 0; i < foreign.length; i++) {
      expect(foreign[i].status).toBe(404);
      expect(foreign[i].json).toEqual(missing[i].json);
    }
    expect(foreign[0].json).toEqual({ message: M.notFound });
    expect((await lists(mallory)).some((l) => l.id === id)).toBe(false);
    expect((await lists(ada)).find((l) => l.id === id)).toMatchObject({ name: 'Private', symbols: ['AAPL', 'KO'] });
  });
});

describe('limits', () => {
  it(`holds ${MAX_WATCHLISTS_PER_USER} lists per user (the popular one counts), 10 creates at once at 17`, async () => {
    const fay = await person(server.url);
    for (let i = 0; i < 16; i++) await createList(fay, `List ${i}`);
    expect(await lists(fay)).toHaveLength(17);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => fay.browser.post('/api/watchlists', { name: `Parallel ${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(400);
      expect(refused.json.message).toBe(M.tooManyLists);
    }
    expect(await lists(fay)).toHaveLength(MAX_WATCHLISTS_PER_USER);
  });

  it(`holds ${MAX_SYMBOLS_PER_WATCHLIST} symbols per list, 12 adds at once at 195, positions unique`, async () => {
    const id = await createList(ada, 'Full', knownSymbols(195));
    const extra = knownSymbols(12, 195);
    const answers = await Promise.all(
      extra.map((symbol) => ada.browser.post(`/api/watchlists/${id}/symbols`, { symbol })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(400);
      expect(refused.json.message).toBe(M.tooManySymbols);
    }
    const symbols = await symbolsOf(ada, id);
    expect(symbols).toHaveLength(MAX_SYMBOLS_PER_WATCHLIST);
    expect(new Set(symbols).size).toBe(MAX_SYMBOLS_PER_WATCHLIST);
    expect(symbols.slice(0, 195)).toEqual(knownSymbols(195));
    expect(await positionsOf(id)).toEqual(symbols.map((_, i) => i));
  });

  it('adds a symbol once when the same add arrives 10 times at once', async () => {
    const id = await createList(ada, 'Same add');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ada.browser.post(`/api/watchlists/${id}/symbols`, { symbol: 'KO' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await symbolsOf(ada, id)).toEqual(['KO']);
  });

  it('keeps one of the orders whole when reorders, adds and removes race', async () => {
    const base = knownSymbols(30, 300);
    const id = await createList(ada, 'Race', base);
    // Eight different orders: the list sorted, then rotated by 1 to 8.
    const sorted = [...base].sort();
    const orders = Array.from({ length: 8 }, (_, i) => [...sorted.slice(i + 1), ...sorted.slice(0, i + 1)]);
    const answers = await Promise.all([
      ...orders.map((symbols) => ada.browser.put(`/api/watchlists/${id}/order`, { symbols })),
      ada.browser.post(`/api/watchlists/${id}/symbols`, { symbol: 'KO' }),
    ]);
    // Every reorder either applied whole or (once KO was in) was refused as no longer the list rearranged.
    for (const a of answers.slice(0, orders.length)) expect([200, 409]).toContain(a.status);
    expect(answers.at(-1)!.status).toBe(201);
    const final = await symbolsOf(ada, id);
    expect(final).toHaveLength(31);
    const withoutKo = final.filter((s) => s !== 'KO');
    expect(orders.some((o) => o.join() === withoutKo.join())).toBe(true);
    expect(final.at(-1) === 'KO' || final.indexOf('KO') === -1).toBe(true);
    expect(await positionsOf(id)).toEqual(final.map((_, i) => i));
  });
});

describe('the account', () => {
  it('exports the lists with their symbols in order, and deleting the account deletes them', async () => {
    const { watchlists } = tablesOf(server.deps.db);
    const gil = await person(server.url);
    const id = await createList(gil, 'Exported', ['PEP', 'KO']);
    const exported = (await gil.browser.get('/api/account/export')).json;
    expect(exported.watchlists.map((l: { name: string; symbols: string[] }) => [l.name, l.symbols])).toEqual([
      [POPULAR_LIST_NAME, [...POPULAR_WATCHLIST]],
      ['Exported', ['PEP', 'KO']],
    ]);
    expect((await gil.browser.request('DELETE', '/api/account', { password: PASSWORD })).status).toBe(200);
    expect(await positionsOf(id)).toEqual([]);
    const left = await server.deps.db.select().from(watchlists).where(eq(watchlists.userId, gil.id));
    expect(left).toEqual([]);
  });
});

describe('GET /api/watchlists/{id}: the rows', () => {
  it('gives each symbol its price and every figure to sort by, the score the stock page’s', async () => {
    const [popular] = await lists(ada);
    const res = await ada.browser.get(`/api/watchlists/${popular.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: popular.id, name: popular.name, symbols: popular.symbols, errors: [] });
    expect(res.json.rows.map((r: { symbol: string }) => r.symbol)).toEqual(popular.symbols);
    for (const row of res.json.rows) {
      expect(Object.keys(row).sort()).toEqual(ROW_KEYS);
      expect(row.complete).toBe(true);
      const [quote, analysis] = await Promise.all([
        ada.browser.get(`/api/stocks/quote/${encodeURIComponent(row.symbol)}`),
        ada.browser.get(`/api/stock-analysis/${encodeURIComponent(row.symbol)}`),
      ]);
      expect(row).toMatchObject({
        price: quote.json.regularMarketPrice,
        change: quote.json.regularMarketChange,
        changePercent: quote.json.regularMarketChangePercent,
        currency: 'USD',
        marketState: 'open',
        score: analysis.json.score,
        rating: analysis.json.rating,
        marketCap: analysis.json.marketCap,
        pe: analysis.json.pe,
        stale: false,
      });
      expect(row.rsi14).toBeGreaterThanOrEqual(0);
      expect(row.rsi14).toBeLessThanOrEqual(100);
      expect(row.fromHigh52wPercent).toBeLessThanOrEqual(0);
      expect(row.fromHigh52wPercent).toBeGreaterThan(-90);
      expect(row.volumeRatio20d).toBeGreaterThan(0);
    }
    const bySymbol = Object.fromEntries(res.json.rows.map((r: { symbol: string }) => [r.symbol, r]));
    // An index has no market cap or P/E and pays nothing; a fund pays; a company without dividends says null.
    expect(bySymbol['^IXIC']).toMatchObject({ pe: null, dividendYieldPercent: null });
    expect(bySymbol.SPY.dividendYieldPercent).toBeGreaterThan(0.5);
    expect(bySymbol.SPY.dividendYieldPercent).toBeLessThan(3);
    expect(bySymbol.TSLA.dividendYieldPercent).toBeNull();
    expect(bySymbol.AAPL.marketCap).toBeGreaterThan(1e12);
  });

  it('answers the same over tRPC as over REST, for every procedure', async () => {
    const trpc = trpcAs(server.url, ada);
    const id = await createList(ada, 'Both ways', ['KO', 'PEP']);
    expect(await trpc.watchlists.list.query()).toEqual((await ada.browser.get('/api/watchlists')).json);
    expect(await trpc.watchlists.get.query({ id })).toEqual((await ada.browser.get(`/api/watchlists/${id}`)).json);
    clock.advance(1);
    const viaTrpc = await trpc.watchlists.addSymbol.mutate({ id, symbol: 'JNJ' });
    expect(viaTrpc).toEqual((await ada.browser.get('/api/watchlists')).json.find((l: { id: string }) => l.id === id));
    await expect(trpc.watchlists.addSymbol.mutate({ id, symbol: 'JNJ' })).rejects.toThrow(M.alreadyListed('JNJ'));
    await expect(trpc.watchlists.get.query({ id: 'nope' })).rejects.toThrow(M.notFound);
  });
});
