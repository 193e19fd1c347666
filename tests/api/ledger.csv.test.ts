import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_MESSAGES as L } from '../../src/shared/portfolio/ledger/schemas';
import { PORTFOLIO_MESSAGES as M } from '../../src/shared/portfolio/messages';
import type { Json } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { createPortfolio, signedInBrowser } from './portfolio-helpers';

/** CSV import (preview, then all-or-nothing) and export of activities, on either engine. */

let server: TestServer;
let owner: Browser;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signedInBrowser(server.url);
});
afterAll(async () => server?.close());

const strip = ({ id: _id, ...rest }: Record<string, unknown>) => rest;

describe('activities CSV', () => {
  it('reads a broker export: semicolons, title lines, broker words, several date formats', async () => {
    const id = await createPortfolio(owner, 'Broker');
    const csv = [
      'Account;Brokerage 1234',
      '',
      'Trade Date;Action;Ticker;Shares;Price;Commission;Total;Description',
      '01/05/2024;Transfer In;;;;;"10.000,00";Opening',
      '2024/01/08;Bought;AAPL;10;185,50;1,00;;',
      '09.01.2024;YOU BOUGHT;MSFT;-2;;;-750,00;total only',
      'Mar 15, 2024;Cash Dividend;AAPL;;;;2,40;',
      '2024-04-01;Sold;AAPL;-4;170;0;;',
      '2024-04-02;Sold;AAPL;40;170;0;;',
      'someday;Bought;AAPL;1;1;;;',
      '2024-04-03;Transfer;AAPL;1;1;;;',
      '2024-04-04;Bought;ZZZZQ;1;1;;;',
      '2099-01-01;Transfer In;;;;;5;',
    ].join('\n');
    // 01/05/2024 is the only slashed date and reads both ways: the preview asks (the decimal commas suggest day
    // first), and an import that does not answer is refused.
    const asked = await owner.post(`/api/portfolios/${id}/activities/import/preview`, { csv });
    expect(asked.json.reading.dates.question).toMatchObject({ samples: ['01/05/2024'], suggested: 'dmy' });
    const unanswered = await owner.post(`/api/portfolios/${id}/activities/import`, { csv });
    expect(unanswered.status).toBe(400);
    expect(unanswered.json.message).toBe(M.dateOrderNeeded);

    const preview = await owner.post(`/api/portfolios/${id}/activities/import/preview`, { csv, dateOrder: 'mdy' });
    expect(preview.status).toBe(200);
    const p = preview.json;
    expect(p.fileError).toBeNull();
    expect(p.reading.dates).toMatchObject({ order: 'mdy', decidedBy: 'choice', question: null });
    expect(p.columns).toMatchObject({ date: 'Trade Date', type: 'Action', symbol: 'Ticker', quantity: 'Shares' });
    expect(p.valid).toBe(5);
    expect(p.invalid).toBe(4);
    // "Transfer" of shares without a price is a kind the ledger does not record: skipped with its reason, not an error.
    expect(p.skipped).toBe(1);
    expect(p.reading.skipped).toEqual([
      { line: 11, wording: 'Transfer', reason: expect.stringContaining('without a price') },
    ]);
    const byLine = new Map<number, Json>(p.rows.map((r: Json) => [r.line, r]));
    expect(byLine.get(4)).toMatchObject({
      activity: { type: 'deposit', date: '2024-01-05', amount: '10000' },
      error: null,
    });
    expect(byLine.get(5)).toMatchObject({ activity: { type: 'buy', date: '2024-01-08', price: '185.5', fee: '1' } });
    expect(byLine.get(6)).toMatchObject({ activity: { type: 'buy', date: '2024-01-09', quantity: '2', price: '375' } });
    expect(byLine.get(7)).toMatchObject({ activity: { type: 'dividend', date: '2024-03-15', amount: '2.4' } });
    expect(byLine.get(8)).toMatchObject({ activity: { type: 'sell', quantity: '4' }, error: null });
    expect(byLine.get(9).error).toContain('more than');
    expect(byLine.get(10).error).toContain('Date "someday"');
    expect(byLine.has(11)).toBe(false);
    expect(byLine.get(12).error).toBe(L.unknownSymbol('ZZZZQ'));
    expect(byLine.get(13).error).toBe(L.dateInFuture);
    // Nothing is written by a preview, nor by an import with any bad row.
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toEqual([]);
    const refused = await owner.post(`/api/portfolios/${id}/activities/import`, { csv, dateOrder: 'mdy' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/^Line 9: /);
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toEqual([]);

    const good = csv.split('\n').slice(0, 8).join('\n');
    const imported = await owner.post(`/api/portfolios/${id}/activities/import`, { csv: good, dateOrder: 'mdy' });
    expect(imported.status).toBe(200);
    expect(imported.json).toEqual({ imported: 5 });
    const holdings = (await owner.get(`/api/portfolios/${id}/holdings`)).json;
    expect(holdings.map((h: { symbol: string; quantity: string }) => [h.symbol, h.quantity])).toEqual([
      ['AAPL', '6'],
      ['MSFT', '2'],
    ]);
  });

  it('reads tab-separated files and refuses a file without a header', async () => {
    const id = await createPortfolio(owner, 'Tabs');
    const tabbed = await owner.post(`/api/portfolios/${id}/activities/import/preview`, {
      csv: 'Date\tType\tSymbol\tQuantity\tPrice\n5 Jan 2024\tbuy\tNVDA\t1\t500\n',
    });
    expect(tabbed.json.rows).toEqual([
      expect.objectContaining({
        line: 2,
        error: null,
        activity: expect.objectContaining({ date: '2024-01-05', symbol: 'NVDA' }),
      }),
    ]);
    const noHeader = await owner.post(`/api/portfolios/${id}/activities/import/preview`, { csv: 'a,b\n1,2\n' });
    expect(noHeader.json.fileError).toContain('No header line found');
    const refused = await owner.post(`/api/portfolios/${id}/activities/import`, { csv: 'a,b\n1,2\n' });
    expect(refused.status).toBe(400);
  });

  it('exports in the format it imports: export → import into an empty portfolio → the same activities', async () => {
    const id = await createPortfolio(owner, 'Round trip');
    const activities = [
      { type: 'deposit', date: '2024-01-02', amount: '5000', note: 'First, "quoted" note' },
      { type: 'buy', date: '2024-01-03', symbol: 'AAPL', quantity: '10.5', price: '185.25', fee: '0.99' },
      { type: 'buy', date: '2024-01-03', symbol: 'MSFT', quantity: '1', price: '370' },
      { type: 'split', date: '2024-02-01', symbol: 'AAPL', ratio: '4:1' },
      { type: 'dividend', date: '2024-03-01', symbol: 'AAPL', amount: '9.45' },
      { type: 'sell', date: '2024-03-02', symbol: 'AAPL', quantity: '2', price: '50', fee: null },
      { type: 'fee', date: '2024-03-03', amount: '3.5', note: '-custody' },
      { type: 'fee', date: '2024-03-04', symbol: 'MSFT', amount: '1' },
      { type: 'withdrawal', date: '2024-03-05', amount: '100' },
    ];
    for (const a of activities) {
      const res = await owner.post(`/api/portfolios/${id}/activities`, a);
      expect(res.status, res.text).toBe(201);
    }
    const exported = await owner.get(`/api/portfolios/${id}/activities/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    expect(exported.headers.get('content-disposition')).toContain('Round-trip-activities.csv');
    expect(exported.text.split('\r\n')[0]).toBe('Date,Type,Symbol,Quantity,Price,Fee,Amount,Ratio,Note');

    const copy = await createPortfolio(owner, 'Copy');
    const imported = await owner.post(`/api/portfolios/${copy}/activities/import`, { csv: exported.text });
    expect(imported.status, imported.text).toBe(200);
    const original = (await owner.get(`/api/portfolios/${id}/activities`)).json.map(strip);
    const copied = (await owner.get(`/api/portfolios/${copy}/activities`)).json.map(strip);
    expect(copied).toEqual(original);
    // A note a spreadsheet would run as a formula is written with a leading apostrophe, read back without it.
    expect(exported.text).toContain("'-custody");
  });
});
