import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { createPortfolio, signedInBrowser } from './portfolio-helpers';

/** A broker's positions export, as downloaded, through the import preview and the import. */

let server: TestServer;
let owner: Browser;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signedInBrowser(server.url);
});
afterAll(async () => server?.close());

const SCHWAB_LIKE = [
  '"Positions for account Individual ...123 as of 04:00 PM ET, 2026/11/24"',
  '',
  '"Symbol","Description","Quantity","Price","Market Value","Cost Basis"',
  '"AAPL","APPLE INC","1,200","$254.37","$305,244.00","$180,000.00"',
  '"MSFT","MICROSOFT CORP","4","$613.77","$2,455.08","$1,201.00"',
].join('\r\n');

describe('importing a broker export', () => {
  it('says which column became what, and imports the cost basis divided by the quantity', async () => {
    const id = await createPortfolio(owner, 'From the broker');
    const preview = await owner.post(`/api/portfolios/${id}/import/preview`, { csv: SCHWAB_LIKE });
    expect(preview.status).toBe(200);
    expect(preview.json.reading.layout.name).toBe('Charles Schwab — positions');
    expect(preview.json.columns).toEqual({
      headerLine: 3,
      symbol: 'Symbol',
      quantity: 'Quantity',
      averagePrice: 'Cost Basis ÷ Quantity',
      date: null,
      cash: 'Market Value',
      ignored: ['Description', 'Price'],
    });
    const row = { kind: 'position', merges: false, error: null, date: null, amount: null, currency: 'USD' };
    expect(preview.json.rows).toMatchObject([
      { ...row, line: 4, symbol: 'AAPL', quantity: '1200', averagePrice: '150' },
      { ...row, line: 5, symbol: 'MSFT', quantity: '4', averagePrice: '300.25' },
    ]);
    const imported = await owner.post(`/api/portfolios/${id}/import`, { csv: SCHWAB_LIKE });
    expect(imported.json).toMatchObject({ imported: 2, skipped: 0 });
    const list = await owner.get(`/api/portfolios/${id}/holdings`);
    expect(list.json.map((h: { symbol: string; averagePrice: string }) => [h.symbol, h.averagePrice])).toEqual([
      ['AAPL', '150'],
      ['MSFT', '300.25'],
    ]);
  });
});
