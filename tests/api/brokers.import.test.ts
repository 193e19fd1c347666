import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PORTFOLIO_MESSAGES as M } from '../../src/shared/portfolio/messages';
import {
  brokerFixtures,
  fixtureText,
  serverErrorOf,
  type ExpectedActivities,
  type ExpectedPositions,
} from '../helpers/brokerFixtures';
import type { Json } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { createPortfolio, signedInBrowser } from './portfolio-helpers';

/**
 * Every broker fixture (issue 27 §2) previewed and imported through the real server, on SQLite and PostgreSQL: the
 * layout named, the rows and skipped rows as written down beside the fixture, and after the import the ledger's
 * activities, holdings and cash. Files in another currency than the portfolio's are previewed with that reason on
 * every row and refused whole.
 */

let server: TestServer;
let owner: Browser;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => server?.close());
// A user per test: previews and imports are costly calls (30 a minute per user, issue 26).
beforeEach(async () => {
  owner = await signedInBrowser(server.url);
});

const fixtures = brokerFixtures();
const ledgerFields = (a: Json) => [a.type, a.date, a.symbol, a.quantity, a.price, a.fee, a.amount, a.ratio];

/** A portfolio kept in the fixture's base currency (a DEGIRO account's euros), USD when it names none. */
async function portfolioFor(expected: { name: string; baseCurrency?: string }): Promise<string> {
  if (!expected.baseCurrency) return createPortfolio(owner, expected.name.slice(0, 60));
  const res = await owner.post('/api/portfolios', {
    name: expected.name.slice(0, 60),
    baseCurrency: expected.baseCurrency,
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}
const holdingsOf = async (id: string) =>
  ((await owner.get(`/api/portfolios/${id}/holdings`)).json as Json[])
    .map((h) => [h.symbol, h.quantity])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

async function importFile(id: string, kind: 'activities' | 'positions', file: string, dateOrder?: string) {
  const path = kind === 'activities' ? 'activities/import' : 'import';
  return owner.post(`/api/portfolios/${id}/${path}`, { csv: fixtureText(file), dateOrder });
}

describe.each(fixtures.filter((f): f is ExpectedActivities => f.kind === 'activities'))('$name', (expected) => {
  it('previews every row as written down, then imports it (or refuses it whole)', async () => {
    const id = await portfolioFor(expected);
    if (expected.after) expect((await importFile(id, 'activities', expected.after)).status).toBe(200);
    const before = new Set(((await owner.get(`/api/portfolios/${id}/activities`)).json as Json[]).map((a) => a.id));

    const preview = await owner.post(`/api/portfolios/${id}/activities/import/preview`, {
      csv: fixtureText(expected.file),
      dateOrder: expected.dateOrder,
    });
    expect(preview.status).toBe(200);
    const p = preview.json;
    expect(p.fileError).toBeNull();
    expect(p.reading.layout.id).toBe(expected.layout);
    expect(p.valid).toBe(expected.activities.filter((a) => !serverErrorOf(a)).length);
    expect(p.invalid).toBe(expected.activities.filter((a) => serverErrorOf(a)).length + expected.failing.length);
    expect(p.skipped).toBe(expected.skipped.length);
    expect(p.reading.skipped.map((s: Json) => s.line)).toEqual(expected.skipped.map((s) => s.line));
    const read = (p.rows as Json[]).filter((r) => r.activity);
    expect(read.map((r) => [r.line, ...ledgerFields(r.activity), r.currency])).toEqual(
      expected.activities.map((a) => [a.line, ...ledgerFields(a), a.currency]),
    );
    expected.activities.forEach((a, i) => {
      const error = serverErrorOf(a);
      if (error) expect(read[i].error).toContain(error);
      else expect(read[i].error).toBeNull();
    });

    const imported = await importFile(id, 'activities', expected.file, expected.dateOrder);
    const ledger = (await owner.get(`/api/portfolios/${id}/activities`)).json as Json[];
    if (!expected.importable) {
      expect(imported.status).toBe(400);
      expect(ledger).toHaveLength(before.size);
      return;
    }
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json).toEqual({ imported: expected.activities.length });
    // The file's activities are all there, with the broker's fees.
    const added = ledger.filter((a) => !before.has(a.id));
    // Each in its own currency (a USD fund bought from a EUR account stays in dollars), with the broker's rate.
    // A file that names no currency is in the portfolio's (its symbols here are all listed in it).
    const withCurrency = (a: Json) => [...ledgerFields(a), a.currency ?? expected.baseCurrency ?? 'USD'];
    expect(added.map(withCurrency).sort()).toEqual(expected.activities.map(withCurrency).sort());
    for (const a of expected.activities.filter((e) => e.fxRate !== undefined)) {
      const stored = added.find((b) => JSON.stringify(withCurrency(b)) === JSON.stringify(withCurrency(a)));
      expect(stored?.fxRate, `line ${a.line}`).toBe(a.fxRate);
    }
    expect(await holdingsOf(id)).toEqual(expected.holdingsAfter);
    if (expected.realisedGain) {
      const performance = await owner.get(`/api/portfolios/${id}/performance?range=ALL`);
      expect(performance.json.realisedGain).toBe(expected.realisedGain);
    }
  });
});

describe.each(fixtures.filter((f): f is ExpectedPositions => f.kind === 'positions'))('$name', (expected) => {
  it('previews every holding and cash line, then imports them: buys on their dates (else transfers in), cash as deposits', async () => {
    const id = await portfolioFor(expected);
    const preview = await owner.post(`/api/portfolios/${id}/import/preview`, { csv: fixtureText(expected.file) });
    expect(preview.status).toBe(200);
    const p = preview.json;
    expect(p.fileError).toBeNull();
    expect(p.reading.layout.id).toBe(expected.layout);
    expect(p.columns).toMatchObject(expected.columns);
    expect(p.reading.skipped.map((s: Json) => s.line)).toEqual(expected.skipped.map((s) => s.line));
    expect((p.rows as Json[]).map((r) => [r.line, r.kind, r.symbol, r.date ?? null])).toEqual(
      expected.rows.map((r) => [r.line, r.kind, r.symbol, r.date ?? null]),
    );
    expected.rows.forEach((want, i) => {
      const { error: _reading, serverError: _server, ...fields } = want;
      const error = serverErrorOf(want);
      expect(p.rows[i]).toMatchObject(fields);
      if (error) expect(p.rows[i].error).toContain(error);
      else expect(p.rows[i].error).toBeNull();
    });

    const day = () => new Date().toISOString().slice(0, 10);
    const from = day();
    const imported = await importFile(id, 'positions', expected.file);
    const to = day();
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json).toMatchObject({ imported: expected.rows.filter((r) => !serverErrorOf(r)).length });
    expect(await holdingsOf(id)).toEqual(expected.holdingsAfter);
    const ledger = (await owner.get(`/api/portfolios/${id}/activities`)).json as Json[];
    for (const row of expected.rows.filter((r) => !serverErrorOf(r) && r.kind === 'position')) {
      // Without a purchase date a position comes in as a transfer at its market value today (decision 022).
      const type = row.date ? 'buy' : 'transfer_in';
      const buy = ledger.find((a) => a.type === type && a.symbol === row.symbol && a.quantity === row.quantity);
      expect(buy, `${row.symbol} ${row.quantity}`).toBeDefined();
      expect(buy!.price).toBe(row.averagePrice);
      if (row.date) expect(buy!.date).toBe(row.date);
      else expect([from, to]).toContain(buy!.date);
    }
    const deposits = ledger.filter((a) => a.type === 'deposit');
    const cash = deposits.reduce((sum, a) => sum + Math.round(Number(a.amount) * 100), 0) / 100;
    expect(cash.toFixed(2)).toBe(Number(expected.cashAfter).toFixed(2));
  });
});

describe('files the import cannot trust', () => {
  it('reports a quote that never closes as a file error instead of swallowing the rest of the file', async () => {
    const id = await createPortfolio(owner, 'Quotes');
    const csv =
      'Date,Type,Symbol,Quantity,Price\n2024-01-02,buy,AAPL,1,100\n2024-01-03,buy,"MSFT,1,100\n2024-01-04,buy,KO,1,50\n';
    const preview = await owner.post(`/api/portfolios/${id}/activities/import/preview`, { csv });
    expect(preview.json.fileError).toMatch(/^Line 3: a quote \(“|"\) opens a cell that never closes/);
    expect(preview.json.rows).toEqual([]);
    expect((await owner.post(`/api/portfolios/${id}/activities/import`, { csv })).status).toBe(400);
    const holdings = await owner.post(`/api/portfolios/${id}/import/preview`, {
      csv: 'Symbol,Quantity,Average Cost\nAAPL,1,100\n"KO,2,50\nMSFT,3,300\n',
    });
    expect(holdings.json.fileError).toMatch(/^Line 3: a quote/);
  });

  it('sends a positions file to the holdings import and a history to the Activity tab', async () => {
    const id = await createPortfolio(owner, 'Wrong dialog');
    const toActivities = await owner.post(`/api/portfolios/${id}/activities/import/preview`, {
      csv: fixtureText('fidelity-positions.csv'),
    });
    expect(toActivities.json.fileError).toContain('This is a positions file (Fidelity — positions)');
    const toHoldings = await owner.post(`/api/portfolios/${id}/import/preview`, {
      csv: fixtureText('schwab-transactions.csv'),
    });
    expect(toHoldings.json.fileError).toContain('This is a transactions file (Charles Schwab — transactions)');
  });

  it('refuses a dateOrder that is neither dmy nor mdy, and an import whose date question is open', async () => {
    const id = await createPortfolio(owner, 'Dates');
    const csv = fixtureText('plain-activities-ambiguous.csv');
    const bad = await owner.post(`/api/portfolios/${id}/activities/import/preview`, { csv, dateOrder: 'ymd' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(`dateOrder: ${M.dateOrderInvalid}`);
    const open = await owner.post(`/api/portfolios/${id}/activities/import`, { csv });
    expect(open.status).toBe(400);
    expect(open.json.message).toBe(M.dateOrderNeeded);
    const monthFirst = await owner.post(`/api/portfolios/${id}/activities/import`, { csv, dateOrder: 'mdy' });
    // Read month first, the sale on 4 January comes before the buy on 1 March: the ledger refuses the file.
    expect(monthFirst.status).toBe(400);
    expect(monthFirst.json.message).toMatch(/^Line 6: Selling 5 KO on 2024-01-04/);
  });
});
