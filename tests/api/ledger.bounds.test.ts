import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tablesOf } from '../../src/server/db/schema';
import { insertActivities, type ActivityRow } from '../../src/server/modules/ledger/ledgerQueries';
import { insertHolding, updatePortfolio } from '../../src/server/modules/portfolios/queries';
import { changeLedger, LEDGER_WRITES, newActivityRow } from '../../src/server/modules/ledger/ledgerService';
import { COSTLY_CALLS, TOO_MANY_COSTLY_CALLS_MESSAGE } from '../../src/server/trpc/costlyProcedure';
import { LEDGER_MESSAGES as L } from '../../src/shared/portfolio/ledger/schemas';
import { MALFORMED_TEXT_MESSAGE } from '../../src/shared/schemas/text';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { createPortfolio, signedInBrowser } from './portfolio-helpers';

/**
 * Issue 26 on either engine: ledger work bounded by its input. Dates from 1970-01-01, a drawn series no denser than
 * a chart, splits that cannot overflow, notes that refuse lone surrogates, one replay per import preview naming every
 * refused row, previews and imports in the costly-call budget, a per-user rate of ledger writes, and a ledger stored
 * before these rules answered with a 400 naming the activity (never a 500, never a charged review).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => server?.close());

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const deposit = {
  type: 'deposit' as const,
  date: '2020-01-02',
  symbol: null,
  quantity: null,
  price: null,
  fee: null,
  amount: '10',
  ratio: null,
  note: null,
};
const add = (browser: Browser, id: string, activity: Record<string, unknown>) =>
  browser.post(`/api/portfolios/${id}/activities`, activity);

/** Rows as an older server stored them, before today's rules: straight into the table. */
async function storedBefore(portfolioId: string, activities: Array<Partial<ActivityRow> & Pick<ActivityRow, 'type'>>) {
  const now = Date.now();
  await insertActivities(
    server.deps.db,
    activities.map((a, i) => ({
      id: `${portfolioId}-old${String(i).padStart(4, '0')}`,
      portfolioId,
      date: '2020-01-02',
      symbol: null,
      quantity: null,
      price: null,
      fee: null,
      amount: null,
      ratio: null,
      note: null,
      createdAt: now + i,
      updatedAt: now + i,
      ...a,
    })),
  );
}

describe('dates', () => {
  it('refuse an activity before 1970-01-01 with a message naming the first date allowed, and take 1970-01-01', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Ancient');
    const buy = { type: 'buy', symbol: 'AAPL', quantity: '1', price: '1' };
    const ancient = await add(owner, id, { ...buy, date: '0100-01-01' });
    expect(ancient.status).toBe(400);
    expect(ancient.json.message).toContain(L.dateTooEarly);
    expect(L.dateTooEarly).toContain('1970-01-01');
    expect((await add(owner, id, { ...buy, date: '1969-12-31' })).status).toBe(400);
    const first = await add(owner, id, { ...buy, date: '1970-01-01' });
    expect(first.status).toBe(201);
    const edited = await owner.put(`/api/portfolios/${id}/activities/${first.json.id}`, { ...buy, date: '1899-06-01' });
    expect(edited.status).toBe(400);

    const preview = await owner.post(`/api/portfolios/${id}/activities/import/preview`, {
      csv: 'Date,Type,Symbol,Quantity,Price\n0100-01-01,Buy,AAPL,1,1\n1971-02-01,Buy,AAPL,1,1\n',
    });
    expect(preview.status).toBe(200);
    expect(preview.json.rows.map((r: { error: string | null }) => r.error)).toEqual([L.dateTooEarly, null]);
  });

  it('a ledger stored with an older date answers its performance with a 400 naming that activity, at once', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Stored in year 100');
    await storedBefore(id, [{ type: 'buy', date: '0100-01-01', symbol: 'AAPL', quantity: '1', price: '1' }]);
    const res = await owner.get(`/api/portfolios/${id}/performance?range=ALL`);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Buy of AAPL on 0100-01-01: the date must be on or after 1970-01-01.');
    // The portfolio and its activities stay readable, so the activity can be found and fixed.
    expect((await owner.get(`/api/portfolios/${id}`)).status).toBe(200);
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toHaveLength(1);
    // Deleting it (the way out the message points to) works: the rest of the ledger replays.
    expect((await owner.delete(`/api/portfolios/${id}/activities/${id}-old0000`)).status).toBe(200);
    expect((await owner.get(`/api/portfolios/${id}/performance?range=ALL`)).status).toBe(200);
  });
});

describe('the drawn series', () => {
  it('keeps every day of the last three years, then weeks, then months; the returns come from every day', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Since 1990');
    expect((await add(owner, id, { type: 'deposit', date: '1990-01-02', amount: '10000' })).status).toBe(201);
    expect(
      (await add(owner, id, { type: 'buy', date: '1990-01-03', symbol: 'KO', quantity: '10', price: '5' })).status,
    ).toBe(201);
    const all = (await owner.get(`/api/portfolios/${id}/performance?range=ALL`)).json;
    const days = (Date.parse(all.to) - Date.parse(all.from)) / DAY + 1;
    expect(days).toBeGreaterThan(13_000);
    // Three years daily (1,096), seven years of Sundays (365), then month ends and the range's first day.
    expect(all.series.length).toBeLessThan(1_096 + 366 + 12 * 27 + 2);
    expect(all.series[0].date).toBe(all.from);
    expect(all.series.at(-1)).toMatchObject({ date: all.to, value: all.endValue });
    const last = all.series.slice(-1_096).map((p: { date: string }) => p.date);
    expect(new Set(last).size).toBe(1_096);
    expect((Date.parse(last.at(-1)) - Date.parse(last[0])) / DAY).toBe(1_095);
    const month = all.series.find((p: { date: string }) => p.date.startsWith('1995-06'));
    expect(month.date).toBe('1995-06-30');
    // The TWR index of the last point is the range's TWR: linked over every day, not over the drawn points.
    expect(Number(all.series.at(-1).twrIndex) / 100 - 1).toBeCloseTo(Number(all.twr), 5);
    // The last year of ALL is the 1Y answer's own series, point for point.
    const year = (await owner.get(`/api/portfolios/${id}/performance?range=1Y`)).json;
    const tail = all.series.slice(-year.series.length).map((p: { date: string; value: string }) => [p.date, p.value]);
    expect(tail).toEqual(year.series.map((p: { date: string; value: string }) => [p.date, p.value]));
  });
});

describe('splits', () => {
  it('refuse the split that would take one share past a million, naming it; a 999999999:1 split at once', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Splits');
    expect(
      (await add(owner, id, { type: 'buy', date: '2020-01-02', symbol: 'AAPL', quantity: '1', price: '100' })).status,
    ).toBe(201);
    const split = (ratio: string, date: string) => add(owner, id, { type: 'split', date, symbol: 'AAPL', ratio });
    const huge = await split('999999999:1', '2020-01-03');
    expect(huge.status).toBe(400);
    expect(huge.json.message).toBe(
      'Split of AAPL on 2020-01-03: together with the earlier splits of AAPL it would turn one share into more than 1,000,000 shares.',
    );
    expect((await split('1000:1', '2020-01-03')).status).toBe(201);
    expect((await split('1000:1', '2020-01-04')).status).toBe(201);
    const third = await split('2:1', '2020-01-05');
    expect(third.status).toBe(400);
    expect(third.json.message).toContain('Split of AAPL on 2020-01-05');
    expect(
      (await add(owner, id, { type: 'buy', date: '2020-01-02', symbol: 'MSFT', quantity: '5', price: '10' })).status,
    ).toBe(201);
    const reverse = await add(owner, id, { type: 'split', date: '2020-01-06', symbol: 'MSFT', ratio: '1:999999999' });
    expect(reverse.status).toBe(400);
    expect(reverse.json.message).toContain('less than a millionth of a share');
    expect((await owner.get(`/api/portfolios/${id}/performance?range=ALL`)).status).toBe(200);
  });

  it('forty huge splits stored before the rule: performance is a 400 naming the split, and the review charges nothing', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Overflowing');
    await storedBefore(id, [
      { type: 'buy', symbol: 'AAPL', quantity: '1', price: '100' },
      ...Array.from({ length: 40 }, () => ({
        type: 'split',
        date: '2020-01-03',
        symbol: 'AAPL',
        ratio: '999999999:1',
      })),
    ]);
    // The holdings row as the old server projected it: one share multiplied forty times.
    const now = Date.now();
    await insertHolding(server.deps.db, {
      id: `overflow-${id}`,
      portfolioId: id,
      symbol: 'AAPL',
      quantity: (10n ** 9n - 1n) ** 40n + '',
      averagePrice: '0',
      createdAt: now,
      updatedAt: now,
    });
    const performance = await owner.get(`/api/portfolios/${id}/performance?range=ALL`);
    expect(performance.status).toBe(400);
    expect(performance.json.message).toMatch(/^Split of AAPL on 2020-01-03: together with the earlier splits/);

    const review = await owner.post(`/api/portfolios/${id}/review`);
    expect(review.status).toBe(422);
    expect(review.json.message).toBe(
      'The AI review could not be written. This portfolio cannot be valued: a quantity or value is beyond what can be computed. Check its activities. It was not counted against your daily limit.',
    );
    expect((await owner.get('/api/usage-stats')).json.today.portfolioAnalyses).toBe(0);
  });
});

describe('the AI review of a portfolio that cannot be valued', () => {
  it('is refused with a 422 that says why, and charges nothing, when a stored quantity is beyond any number', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Beyond numbers');
    await storedBefore(id, [{ type: 'buy', symbol: 'MSFT', quantity: '1', price: '100' }]);
    const now = Date.now();
    // A holdings row an older server could leave behind: its value overflows a double.
    await insertHolding(server.deps.db, {
      id: `huge-${id}`,
      portfolioId: id,
      symbol: 'MSFT',
      quantity: '9'.repeat(320),
      averagePrice: '1',
      createdAt: now,
      updatedAt: now,
    });
    const review = await owner.post(`/api/portfolios/${id}/review`);
    expect(review.status).toBe(422);
    expect(review.json.message).toBe(
      'The AI review could not be written. This portfolio cannot be valued: a quantity or value is beyond what can be computed. Check its activities. It was not counted against your daily limit.',
    );
    expect((await owner.get('/api/usage-stats')).json.today.portfolioAnalyses).toBe(0);
  });
});

describe('notes', () => {
  it('refuse a lone surrogate as every other text does, on add, edit and import', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Notes');
    const deposit = { type: 'deposit', date: '2020-01-02', amount: '10' };
    const lone = await add(owner, id, { ...deposit, note: 'a\ud800b' });
    expect(lone.status).toBe(400);
    expect(lone.json.message).toContain(MALFORMED_TEXT_MESSAGE);
    const kept = await add(owner, id, { ...deposit, note: 'Bonus 💶' });
    expect(kept.status).toBe(201);
    expect(kept.json.note).toBe('Bonus 💶');
    const edit = await owner.put(`/api/portfolios/${id}/activities/${kept.json.id}`, { ...deposit, note: '\udc00' });
    expect(edit.status).toBe(400);
    const preview = await owner.post(`/api/portfolios/${id}/activities/import/preview`, {
      csv: 'Date,Type,Amount,Note\n2020-01-03,Deposit,5,x\ud800\n',
    });
    expect(preview.json.rows[0].error).toBe(MALFORMED_TEXT_MESSAGE);
  });
});

describe('the import preview', () => {
  it('replays once and names every refused row: 120 of 300, with the sentence each would get alone', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Preview');
    expect((await add(owner, id, { type: 'deposit', date: daysAgo(400), amount: '100000' })).status).toBe(201);
    const lines = ['Date,Type,Symbol,Quantity,Price,Amount'];
    for (let i = 0; i < 300; i++) {
      const date = daysAgo(300 - i);
      if (i % 5 === 1 || i % 5 === 3) lines.push(`${date},Sell,MSFT,${1000 + i},10,`);
      else lines.push(`${date},Buy,AAPL,1,100,`);
    }
    const preview = await owner.post(`/api/portfolios/${id}/activities/import/preview`, { csv: lines.join('\n') });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ valid: 180, invalid: 120 });
    const refused = preview.json.rows.filter((r: { error: string | null }) => r.error);
    expect(refused).toHaveLength(120);
    expect(refused.at(-1).error).toBe(`Selling 1298 MSFT on ${daysAgo(2)} is more than the 0 held that day.`);
    // The import refuses the file for its first bad line and writes nothing.
    const imported = await owner.post(`/api/portfolios/${id}/activities/import`, { csv: lines.join('\n') });
    expect(imported.status).toBe(400);
    expect(imported.json.message).toBe(
      `Line 3: Selling 1001 MSFT on ${daysAgo(299)} is more than the 0 held that day.`,
    );
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toHaveLength(1);
  });

  it('spends one costly call per preview or import, also inside one tRPC batch', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Budget');
    const csv = `Date,Type,Amount\n${daysAgo(3)},Deposit,10\n`;
    for (let i = 0; i < COSTLY_CALLS.max - 5; i++)
      expect((await owner.post(`/api/portfolios/${id}/activities/import/preview`, { csv })).status).toBe(200);
    const calls = 10;
    const body = Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { json: { id, csv } }]));
    const batch = await owner.post(
      `/trpc/${Array.from({ length: calls }, () => 'portfolios.previewActivityImport').join(',')}?batch=1`,
      body,
    );
    const statuses = (
      batch.json as Array<{ result?: unknown; error?: { json: { data: { httpStatus: number } } } }>
    ).map((r) => (r.result ? 200 : r.error!.json.data.httpStatus));
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = await owner.post(`/api/portfolios/${id}/activities/import`, { csv });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(TOO_MANY_COSTLY_CALLS_MESSAGE);
  });
});

describe('ledger writes', () => {
  it(`allow ${LEDGER_WRITES.max} a minute per user, then answer 429 with a plain message; another user is served`, async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Busy');
    const deposit = { type: 'deposit', date: daysAgo(1), amount: '1' };
    const answers = await Promise.all(Array.from({ length: LEDGER_WRITES.max }, () => add(owner, id, deposit)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: LEDGER_WRITES.max }, () => 201));
    // Parallel writes to one ledger: none lost.
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toHaveLength(LEDGER_WRITES.max);
    const refused = await add(owner, id, deposit);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(L.tooManyWrites);
    expect((await owner.delete(`/api/portfolios/${id}/activities/${answers[0].json.id}`)).status).toBe(429);
    const other = await signedInBrowser(server.url);
    expect((await add(other, await createPortfolio(other, 'Calm'), deposit)).status).toBe(201);
  });
});

describe('a write racing another instance', () => {
  const ownerOf = async (id: string) => {
    const { portfolios } = tablesOf(server.deps.db);
    return (await server.deps.db.select().from(portfolios).where(eq(portfolios.id, id)))[0].userId;
  };
  /** What another instance's write does to the portfolio meanwhile: its version moves on. */
  const elsewhere = (portfolio: { id: string; updatedAt: number }) =>
    updatePortfolio(server.deps.db, portfolio.id, { updatedAt: portfolio.updatedAt + 1_000 });

  it('is checked again on the ledger as it now is, and lands once', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Raced');
    const userId = await ownerOf(id);
    let plans = 0;
    const { result: written } = await changeLedger(server.deps, userId, id, async (portfolio, rows, now) => {
      if (++plans === 1) await elsewhere(portfolio);
      const row = newActivityRow(id, { ...deposit, note: `attempt ${plans}` }, now);
      return { rows: [...rows, row], result: row.note, write: (tx) => insertActivities(tx, [row]) };
    });
    expect(plans).toBe(2);
    expect(written).toBe('attempt 2');
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json.map((a: { note: string }) => a.note)).toEqual([
      'attempt 2',
    ]);
    expect((await owner.get(`/api/portfolios/${id}/holdings`)).json).toEqual([]);
  });

  it('plans first on the row its caller read, reads it again only once it went stale, and answers the row written', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Read before');
    const userId = await ownerOf(id);
    const { portfolios } = tablesOf(server.deps.db);
    const rowOf = async () => (await server.deps.db.select().from(portfolios).where(eq(portfolios.id, id)))[0];
    const read = await rowOf();
    await elsewhere(read);
    const plannedOn: number[] = [];
    const { result, portfolio } = await changeLedger(server.deps, userId, read, (current, rows, now) => {
      plannedOn.push(current.updatedAt);
      const row = newActivityRow(id, deposit, now);
      return { rows: [...rows, row], result: plannedOn.length, write: (tx) => insertActivities(tx, [row]) };
    });
    // The first attempt took the given row as it was; its version had moved, so the second read the row again.
    expect(plannedOn).toEqual([read.updatedAt, read.updatedAt + 1_000]);
    expect(result).toBe(2);
    expect(portfolio).toEqual(await rowOf());
  });

  it('gives up with a 409 after being overtaken five times, having written nothing', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Overtaken');
    const userId = await ownerOf(id);
    const attempt = changeLedger(server.deps, userId, id, async (portfolio, rows, now) => {
      await elsewhere(portfolio);
      const row = newActivityRow(id, deposit, now);
      return { rows: [...rows, row], result: null, write: (tx) => insertActivities(tx, [row]) };
    });
    await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT', message: L.changedMeanwhile });
    expect((await owner.get(`/api/portfolios/${id}/activities`)).json).toEqual([]);
  });
});
