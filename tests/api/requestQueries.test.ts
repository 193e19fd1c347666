import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { addHolding, createPortfolio, signedInBrowser } from './portfolio-helpers';
import { befriend, person, sendText } from './social-helpers';

/**
 * Issue 29 §3: a signed-in read costs at most 3 statements; the portfolio reads take 2 (the session with its user,
 * the portfolio or the list): the ledger and the holdings come from the cache while the version stands. The server counts every statement it sends to the
 * database (onQuery; on PostgreSQL every query on a pooled connection). Each read is counted alone, a few times, and
 * the fewest count: a background statement (housekeeping) landing inside one read does not decide the result, but a
 * read that always takes a fourth round trip fails.
 */
let server: TestServer;
let queries = 0;
/** The text of the last statements sent, newest last. */
const recent: string[] = [];
let browser: Browser;
let portfolioId: string;

const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'GOOGL', 'AMZN', 'META', 'JPM', 'KO', 'SPY', 'TSLA'];

beforeAll(async () => {
  server = await startTestServer(
    { TRUST_PROXY: 'true' },
    {
      onQuery: (text) => {
        queries++;
        recent.push(text);
        if (recent.length > 50) recent.shift();
      },
    },
  );
  browser = await signedInBrowser(server.url);
  portfolioId = await createPortfolio(browser, 'Ten holdings');
  for (const symbol of SYMBOLS) await addHolding(browser, portfolioId, symbol, 3, 100);
});
afterAll(async () => {
  await server?.close();
});

/** The fewest statements one GET of `path` took over a few tries (each must answer 200). */
async function fewestStatements(path: string): Promise<number> {
  let fewest = Infinity;
  for (let i = 0; i < 4; i++) {
    const before = queries;
    const res = await browser.get(path);
    const used = queries - before;
    expect(res.status, res.text).toBe(200);
    fewest = Math.min(fewest, used);
  }
  return fewest;
}

describe('statements per signed-in read', () => {
  it('GET /api/portfolios/{id} (10 holdings) takes 2 while nothing changed: the session and the portfolio', async () => {
    const first = await browser.get(`/api/portfolios/${portfolioId}`);
    expect(first.json.holdings).toHaveLength(10);
    // The holdings stay with the ledger's version (ledgerCache.ts `holdings`); a third statement read them before.
    expect(await fewestStatements(`/api/portfolios/${portfolioId}`)).toBeLessThanOrEqual(2);
  });

  it('a portfolio read after a write shows the write: the kept holdings go with the version the write moved', async () => {
    const before = await browser.get(`/api/portfolios/${portfolioId}`);
    const held = (symbol: string, json: typeof before.json) =>
      Number((json.holdings as Array<{ symbol: string; quantity: string }>).find((h) => h.symbol === symbol)?.quantity);
    expect(held('AAPL', before.json)).toBe(3);
    const trade = (type: 'buy' | 'sell', date: string) =>
      browser.post(`/api/portfolios/${portfolioId}/activities`, {
        type,
        symbol: 'AAPL',
        date,
        quantity: 2,
        price: 100,
        fees: 0,
      });
    const bought = await trade('buy', '2025-01-03');
    expect(bought.status, bought.text).toBe(201);
    const after = await browser.get(`/api/portfolios/${portfolioId}`);
    expect(held('AAPL', after.json)).toBe(5);
    const sold = await trade('sell', '2025-01-04');
    expect(sold.status, sold.text).toBe(201);
    expect(held('AAPL', (await browser.get(`/api/portfolios/${portfolioId}`)).json)).toBe(3);
  });

  it('GET /api/portfolios takes 2 while nothing changed: the session and the list', async () => {
    expect(await fewestStatements('/api/portfolios')).toBeLessThanOrEqual(2);
  });

  it('adding an activity reads the portfolio once (issue 29 §5): no re-read before the write or inside it', async () => {
    let fewest = Infinity;
    for (let i = 0; i < 4; i++) {
      const before = queries;
      const res = await browser.post(`/api/portfolios/${portfolioId}/activities`, {
        type: 'deposit',
        date: '2025-01-02',
        amount: 100,
      });
      expect(res.status, res.text).toBe(201);
      fewest = Math.min(fewest, queries - before);
    }
    // The session, the write budget, the portfolio, then one transaction: the version moved (compare-and-set), the
    // insert, the holdings. Before, the portfolio was read twice more (9 statements on SQLite). PostgreSQL also counts
    // the transaction's COMMIT (its BEGIN goes with the portfolio's advisory lock, db/pgLockedTransaction.ts: 9 before).
    expect(fewest).toBeLessThanOrEqual(process.env.TEST_DIALECT === 'postgres' ? 8 : 7);
  });

  it('sending a direct message is the session and one statement, its checks in the insert (issue 29 §2)', async () => {
    const [ada, bob] = [await person(server.url), await person(server.url)];
    await befriend(ada, bob);
    let fewest = Infinity;
    for (let i = 0; i < 4; i++) {
      const before = queries;
      const res = await sendText(ada, bob, `hello ${i}`);
      expect(res.status, res.text).toBe(201);
      fewest = Math.min(fewest, queries - before);
    }
    // The session, then the insert that carries both checks as its condition (db/insertWhen.ts); on PostgreSQL BEGIN,
    // the keys' advisory locks, the insert and COMMIT go as one message (the bus's NOTIFY goes out on its own
    // connection). Before: BEGIN, one read of both checks, the insert and COMMIT (5 statements on both engines); before
    // that, the friendship and the rate were two reads and the locks a statement of their own (6 and 7).
    expect(fewest).toBeLessThanOrEqual(2);
  });

  it("reads the session's user without the password hash, which no read needs", async () => {
    const before = queries;
    expect((await browser.get('/api/portfolios')).status).toBe(200);
    const sent = recent.slice(-(queries - before));
    expect(sent.some((text) => /"sessions"/.test(text) && /"users"/.test(text))).toBe(true);
    expect(sent.filter((text) => text.includes('password_hash'))).toEqual([]);
  });

  it('sees the statements a request sends (the limits above do not pass on a counter that counts nothing)', async () => {
    const before = queries;
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(queries - before).toBe(1);
  });
});
