import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, writeFromElsewhere, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { createPortfolio, signedInBrowser } from './portfolio-helpers';

/**
 * Issue 21's migration data step, on the engine under test: a holding written before the ledger existed (straight
 * into `holdings`, as the old code did) gets its buy from the very SQL of that engine's migration file, and the
 * API then shows it as the holding's only activity, which the holdings edit can change.
 */

let server: TestServer;
let owner: Browser;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signedInBrowser(server.url);
});
afterAll(async () => server?.close());

/** The data step's statement out of a migration folder's `*_portfolio_ledger.sql`. */
function dataStep(folder: string): string {
  const file = readdirSync(folder).find((f) => f.endsWith('_portfolio_ledger.sql'))!;
  const text = readFileSync(`${folder}/${file}`, 'utf8');
  return text.slice(text.indexOf('INSERT INTO')).trim();
}

describe('the ledger migration data step', () => {
  it('turns an existing holding into one buy on its creation day (UTC) at its average price', async () => {
    const id = await createPortfolio(owner, 'Before the ledger');
    const createdAt = Date.UTC(2023, 6, 14, 23, 30);
    await writeFromElsewhere(
      server,
      {
        sqlite:
          'insert into holdings (id, portfolio_id, symbol, quantity, average_price, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
        postgres:
          'insert into holdings (id, portfolio_id, symbol, quantity, average_price, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7)',
      },
      ['oldholding1', id, 'AAPL', '12.5', '142.37', createdAt, createdAt],
    );
    await writeFromElsewhere(server, { sqlite: dataStep('db/migrations'), postgres: dataStep('db/migrations-pg') }, []);

    const activities = (await owner.get(`/api/portfolios/${id}/activities`)).json;
    expect(activities).toEqual([
      {
        id: 'h_oldholding1',
        type: 'buy',
        date: '2023-07-14',
        symbol: 'AAPL',
        quantity: '12.5',
        price: '142.37',
        fee: null,
        amount: null,
        ratio: null,
        note: null,
        // Issue 27 §3: rows from before currencies are in USD.
        currency: 'USD',
        fxRate: null,
      },
    ]);
    const edited = await owner.put(`/api/portfolios/${id}/holdings/oldholding1`, { quantity: 10, averagePrice: 100 });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id: 'oldholding1', quantity: '10', averagePrice: '100' });
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json[0]).toMatchObject({
      id: 'h_oldholding1',
      quantity: '10',
      price: '100',
    });
  });
});
