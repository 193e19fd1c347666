import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertActivities, type ActivityRow } from '../../src/server/modules/ledger/ledgerQueries';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { loopCpuMs, processCpuMs } from '../helpers/threadCpu';
import { createPortfolio, signedInBrowser } from './portfolio-helpers';

/**
 * Issue 26 items 1-3: a large ledger's replay and performance walk run on the ledger engine's threads, not on the
 * event loop. Measured as CPU time, not wall-clock, so a busy machine does not decide the outcome: the thread this
 * test and the server share (the event loop) against every other thread of the process. With the engine on the
 * loop, as before the fix, most of a 15,000-activity ledger's cost lands on the loop's thread (measured at 1a3974b:
 * loop 840 ms, other threads 467 ms, mostly the garbage collector's; after it: loop 200 ms, other threads 1,435 ms).
 */

let server: TestServer;
beforeAll(async () => {
  // The test seeds 15,000 rows on the thread the server shares with it; a keep-alive connection the server closes
  // meanwhile would reset the next request (a client's race, not the subject here).
  server = await startTestServer({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '60000', HTTP_IDLE_TIMEOUT_MS: '60000' });
});
afterAll(async () => server?.close());

const DAY = 86_400_000;
const SYMBOLS = ['AAPL', 'MSFT', 'KO'];

/** A valid ten-year ledger: a deposit every tenth day of activity, buys of three symbols otherwise. */
function tenYears(portfolioId: string, count: number): ActivityRow[] {
  const now = Date.now();
  const start = now - 3650 * DAY;
  return Array.from({ length: count }, (_, i) => {
    const deposit = i % 10 === 0;
    return {
      id: `${portfolioId}-${String(i).padStart(6, '0')}`,
      portfolioId,
      type: deposit ? 'deposit' : 'buy',
      date: new Date(start + Math.floor((i * 3648) / count) * DAY).toISOString().slice(0, 10),
      symbol: deposit ? null : SYMBOLS[i % SYMBOLS.length],
      quantity: deposit ? null : '1',
      price: deposit ? null : '100',
      fee: deposit ? null : '0.5',
      amount: deposit ? '1000' : null,
      ratio: null,
      note: null,
      createdAt: now + i,
      updatedAt: now + i,
    };
  });
}

describe('the ledger engine off the event loop', () => {
  it('editing the oldest of 15,000 activities and reading performance cost the event loop a small part of their CPU', async () => {
    const owner = await signedInBrowser(server.url);
    // The simulated market's eleven years of closes made first, one symbol at a time (the market's cost, on the loop
    // either way), and the engine's thread started and warm, by a small ledger of the same symbols.
    for (const symbol of [...SYMBOLS, 'SPY']) await server.deps.market.dailyHistory(symbol, 11);
    const warm = await createPortfolio(owner, 'Warm');
    await insertActivities(server.deps.db, tenYears(warm, 30));
    const warmed = await owner.get(`/api/portfolios/${warm}/performance?range=ALL`);
    expect(warmed.json).toMatchObject({ from: expect.any(String) });

    const id = await createPortfolio(owner, 'Fifteen thousand');
    const rows = tenYears(id, 15_000);
    await insertActivities(server.deps.db, rows);
    // The first read of the ledger (its rows from the database, then cached on either side) is not measured.
    expect((await owner.get(`/api/portfolios/${id}/performance?range=ALL`)).status).toBe(200);

    // The repro of item 3: the oldest activity edited (a replay of the whole ledger), then performance read
    // (a walk of every day since), twice; and reads of other ranges, each a computation of its own.
    const [loopBefore, allBefore] = [loopCpuMs(), processCpuMs()];
    const statuses: number[] = [];
    for (const amount of ['999', '1000']) {
      const edit = await owner.put(`/api/portfolios/${id}/activities/${rows[0].id}`, {
        type: 'deposit',
        date: rows[0].date,
        amount,
      });
      statuses.push(edit.status);
      statuses.push((await owner.get(`/api/portfolios/${id}/performance?range=ALL`)).status);
    }
    for (const range of ['1Y', '6M', 'YTD'])
      statuses.push((await owner.get(`/api/portfolios/${id}/performance?range=${range}`)).status);
    const loop = loopCpuMs() - loopBefore;
    const others = processCpuMs() - allBefore - loop;

    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
    // The loop keeps the answers' JSON and the write's short transaction; the replays of 15,000 activities and the
    // walks of up to 3,650 days are the engine threads'. Before the fix the loop did all of it.
    expect(others).toBeGreaterThan(2 * loop);
    // Fifteen thousand rows seeded and replayed four times: minutes on a shared machine, never a hang.
  }, 180_000);
});
