import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_TOO_LARGE_MESSAGE, MAX_BATCH_CALLS } from '../../src/server/trpc/batchLimit';
import { COSTLY_CALLS, TOO_MANY_COSTLY_CALLS_MESSAGE } from '../../src/server/trpc/costlyProcedure';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { addHolding, createPortfolio, signedInBrowser } from './portfolio-helpers';

/**
 * Issue 17 item 4: heavy calls have a per-user bound. A tRPC batch holds at most MAX_BATCH_CALLS calls; the
 * portfolio analysis, value history and AI review share a per-user budget; and an analysis or value history asked
 * again within the same price minute, holdings unchanged, is the same answer (not computed again).
 */

let server: TestServer;
let clock = Date.UTC(2026, 10, 24, 12, 0, 5);
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' }, { now: () => clock });
});
afterAll(async () => server?.close());

const trpcInput = (calls: number, input: unknown) =>
  encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { json: input }]))));

describe('tRPC batches', () => {
  it(`hold at most ${MAX_BATCH_CALLS} calls: one more is refused with 400 and a plain message, none of it run`, async () => {
    const browser = await signedInBrowser(server.url);
    const id = await createPortfolio(browser);
    const paths = (n: number, path: string) => Array.from({ length: n }, () => path).join(',');

    const full = await browser.get(
      `/trpc/${paths(MAX_BATCH_CALLS, 'auth.user')}?batch=1&input=${trpcInput(MAX_BATCH_CALLS, null)}`,
    );
    expect(full.status).toBe(200);
    expect(full.json).toHaveLength(MAX_BATCH_CALLS);

    const over = MAX_BATCH_CALLS + 1;
    const refused = await browser.get(
      `/trpc/${paths(over, 'portfolios.analysis')}?batch=1&input=${trpcInput(over, { id })}`,
    );
    expect(refused.status).toBe(400);
    // One error for the whole request: the batch is refused before any call in it is looked at.
    expect(refused.json.error.json.message).toBe(BATCH_TOO_LARGE_MESSAGE);
    expect(refused.json.error.json.data.app).toEqual({ message: BATCH_TOO_LARGE_MESSAGE });
    // Nothing was run, so the costly-call budget is untouched.
    for (let i = 0; i < COSTLY_CALLS.max; i++)
      expect((await browser.get(`/api/portfolios/${id}/analysis`)).status).toBe(200);
  });
});

describe('costly calls per user', () => {
  it('refuse analysis, value history and review past the budget with 429 and a plain message; another user is served', async () => {
    const greedy = await signedInBrowser(server.url);
    const id = await createPortfolio(greedy);
    await addHolding(greedy, id, 'AAPL', 2, 150);
    const calls = [
      () => greedy.get(`/api/portfolios/${id}/analysis`),
      () => greedy.get(`/api/portfolios/${id}/history?range=1Y`),
      () => greedy.get(`/trpc/portfolios.analysis?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`),
    ];
    for (let i = 0; i < COSTLY_CALLS.max; i++) expect((await calls[i % calls.length]()).status).toBe(200);

    for (const call of calls) {
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(refused.json.message ?? refused.json.error.json.message).toBe(TOO_MANY_COSTLY_CALLS_MESSAGE);
    }
    const review = await greedy.post(`/api/portfolios/${id}/review`);
    expect(review.status).toBe(429);
    expect(review.json).toEqual({ message: TOO_MANY_COSTLY_CALLS_MESSAGE });

    const other = await signedInBrowser(server.url);
    const otherId = await createPortfolio(other);
    expect((await other.get(`/api/portfolios/${otherId}/analysis`)).status).toBe(200);
  });
});

describe('repeated analyses and value histories', () => {
  it('are answered from the first computation within the same price minute, and again once holdings or the minute change', async () => {
    const browser = await signedInBrowser(server.url);
    const id = await createPortfolio(browser);
    await addHolding(browser, id, 'MSFT', 1, 300);
    const analysis = async () => (await browser.get(`/api/portfolios/${id}/analysis`)).json;
    const history = async () => (await browser.get(`/api/portfolios/${id}/history?range=1M`)).json;

    const first = await analysis();
    const firstHistory = await history();
    clock += 30_000; // same minute
    expect((await analysis()).asOf).toBe(first.asOf);
    expect(await history()).toEqual(firstHistory);

    await addHolding(browser, id, 'NVDA', 1, 100);
    const changed = await analysis();
    expect(changed.asOf).not.toBe(first.asOf);
    expect(changed.allocation.byHolding.map((slice: { label: string }) => slice.label).sort()).toEqual([
      'MSFT',
      'NVDA',
    ]);
    expect((await history()).points.length).toBeGreaterThan(0);

    clock += 60_000; // next minute
    expect((await analysis()).asOf).not.toBe(changed.asOf);
  });
});
