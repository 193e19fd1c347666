import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { activitiesOf, insertActivities, type ActivityRow } from '../../src/server/modules/ledger/ledgerQueries';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { createPortfolio, signedInBrowser } from './portfolio-helpers';

/**
 * Issue 26: a ledger is read a page at a time with a turn of the event loop between pages (`activitiesOf`). On
 * SQLite every statement is synchronous, so one read of 19,000 rows held every other request for as long as it took;
 * paged, other requests are answered between pages. The pages must add up to exactly the one-shot read, in the same
 * order, including where a page ends inside a day of many activities.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const DAY = 86_400_000;

/**
 * 2,750 activities over eleven days of 250 each, so the 1,000-row pages end inside a day; within a day, recorded at
 * four instants, so the order also rests on the id (and rows were inserted out of order).
 */
function crowdedDays(portfolioId: string): ActivityRow[] {
  const start = Date.UTC(2021, 2, 1);
  const rows = Array.from({ length: 2_750 }, (_, i): ActivityRow => {
    const day = Math.floor(i / 250);
    return {
      id: `${portfolioId}x${String((i * 7919) % 2_750).padStart(5, '0')}`,
      portfolioId,
      type: 'deposit',
      date: new Date(start + day * DAY).toISOString().slice(0, 10),
      symbol: null,
      quantity: null,
      price: null,
      fee: null,
      amount: String(100 + i),
      ratio: null,
      note: i % 3 === 0 ? `row ${i}` : null,
      createdAt: start + (i % 4),
      updatedAt: start + (i % 4),
    };
  });
  return rows.reverse();
}

describe("reading a portfolio's ledger", () => {
  it('reads 2,750 activities in pages, answering exactly the one-shot read and letting the loop turn between pages', async () => {
    const { portfolioActivities } = tablesOf(server.deps.db);
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'Crowded days');
    await insertActivities(server.deps.db, crowdedDays(id));
    const t = portfolioActivities;
    const oneShot = await server.deps.db
      .select()
      .from(t)
      .where(eq(t.portfolioId, id))
      .orderBy(asc(t.date), asc(t.createdAt), asc(t.id));
    expect(oneShot).toHaveLength(2_750);

    // Turns of the event loop taken while the ledger is read: a read in one statement takes none on SQLite.
    let turns = 0;
    let reading = true;
    const count = () => {
      if (!reading) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    const paged = await activitiesOf(server.deps.db, id);
    reading = false;

    expect(paged.map((row) => row.id)).toEqual(oneShot.map((row) => row.id));
    expect(paged).toEqual(oneShot);
    // Three pages of 1,000 rows, each cut before its last day and that day read whole: a turn after each.
    expect(turns).toBeGreaterThanOrEqual(4);
  });

  it('reads a ledger of exactly one page, and an empty one', async () => {
    const owner = await signedInBrowser(server.url);
    const id = await createPortfolio(owner, 'One page');
    const rows = crowdedDays(id).slice(0, 1_000);
    await insertActivities(server.deps.db, rows);
    const paged = await activitiesOf(server.deps.db, id);
    expect(new Set(paged.map((row) => row.id))).toEqual(new Set(rows.map((row) => row.id)));
    expect(paged).toHaveLength(1_000);
    const empty = await createPortfolio(owner, 'Empty');
    expect(await activitiesOf(server.deps.db, empty)).toEqual([]);
  });
});
