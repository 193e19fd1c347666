import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBanned } from '../../src/server/modules/auth/banning';
import { getSharedPortfolio } from '../../src/server/modules/portfolios/sharing';
import { PORTFOLIO_MESSAGES as M } from '../../src/shared/portfolio/messages';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser } from './auth-helpers';
import { addHolding, createPortfolio, signedInBrowser } from './portfolio-helpers';

/**
 * Ownership and sharing: another user's portfolio or holding answers exactly like a missing one on every path;
 * the shared answer is an allow-list; withdrawn links stay dead; private, unknown and malformed links look alike,
 * also in time; the shared page is noindex with a preview that carries nothing private.
 */

const clientDir = mkdtempSync(join(tmpdir(), 'tickwise-client-'));
writeFileSync(
  join(clientDir, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Tickwise: app" /><title>Tickwise</title></head><body><div id="root"></div></body></html>',
);

let server: TestServer;
let owner: Browser;
let intruder: Browser;
let ownerEmail: string;
let ownerUserId: string;
let portfolioId: string;
let holdingId: string;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' }, {}, clientDir);
  owner = await signedInBrowser(server.url);
  const me = await owner.get('/api/auth/user');
  ownerEmail = me.json.email;
  ownerUserId = me.json.id;
  intruder = await signedInBrowser(server.url);
  portfolioId = await createPortfolio(owner, 'Secret plan', 'Only mine');
  holdingId = (await addHolding(owner, portfolioId, 'AAPL', 3, 150.25)).id;
  await addHolding(owner, portfolioId, 'KO', 10, 60);
});
afterAll(async () => {
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const MISSING_ID = 'nosuchportfolio0';
const MISSING_HOLDING = 'nosuchholding000';

type Call = (
  portfolio: string,
  holding: string,
) => Promise<{ status: number; json: unknown; text: string; headers: Headers }>;

/** What a client can tell two answers apart by (the Date header aside, which only says when). */
const visible = (res: Awaited<ReturnType<Call>>) => ({
  status: res.status,
  body: res.text,
  type: res.headers.get('content-type'),
  length: res.headers.get('content-length'),
});

/** Every path that names a portfolio or a holding, with a body that would succeed for the owner. */
function pathsFor(browser: Browser): Array<[string, Call]> {
  return [
    ['read portfolio', (p) => browser.get(`/api/portfolios/${p}`)],
    ['update portfolio', (p) => browser.patch(`/api/portfolios/${p}`, { name: 'Hijacked', totalValue: '1' })],
    ['delete portfolio', (p) => browser.delete(`/api/portfolios/${p}`)],
    ['make public', (p) => browser.patch(`/api/portfolios/${p}/visibility`, { isPublic: true })],
    ['read holdings', (p) => browser.get(`/api/portfolios/${p}/holdings`)],
    [
      'add holding',
      (p) => browser.post(`/api/portfolios/${p}/holdings`, { symbol: 'MSFT', quantity: 1, averagePrice: 1 }),
    ],
    [
      'add unknown symbol',
      (p) => browser.post(`/api/portfolios/${p}/holdings`, { symbol: 'ZZZZZ', quantity: 1, averagePrice: 1 }),
    ],
    ['delete holding', (p, h) => browser.delete(`/api/portfolios/${p}/holdings/${h}`)],
    ['refresh holding', (_p, h) => browser.patch(`/api/portfolios/holdings/${h}`, { currentPrice: '1' })],
    ['analysis', (p) => browser.get(`/api/portfolios/${p}/analysis`)],
    ['value history', (p) => browser.get(`/api/portfolios/${p}/history?range=1Y`)],
    [
      'import preview',
      (p) => browser.post(`/api/portfolios/${p}/import/preview`, { csv: 'symbol,quantity,averagePrice\nMSFT,1,1' }),
    ],
    ['import', (p) => browser.post(`/api/portfolios/${p}/import`, { csv: 'symbol,quantity,averagePrice\nMSFT,1,1' })],
    ['AI review', (p) => browser.post(`/api/portfolios/${p}/review`)],
  ];
}

describe('ownership', () => {
  it("answers another user's portfolio and holding exactly like missing ones, on every path", async () => {
    for (const [label, call] of pathsFor(intruder)) {
      const foreign = await call(portfolioId, holdingId);
      const missing = await call(MISSING_ID, MISSING_HOLDING);
      expect(foreign.status, label).toBe(404);
      expect(visible(foreign), label).toEqual(visible(missing));
      expect((foreign.json as { message: string }).message, label).toMatch(/^(Portfolio|Holding) not found$/);
    }
    // Nothing changed for the owner.
    const detail = await owner.get(`/api/portfolios/${portfolioId}`);
    expect(detail.json.portfolio).toMatchObject({ name: 'Secret plan', isPublic: false, holdingsCount: 2 });
    expect(detail.json.holdings.map((h: { symbol: string }) => h.symbol)).toEqual(['AAPL', 'KO']);
    expect((await intruder.get('/api/portfolios')).json).toEqual([]);
  });

  it("does not let a holding be reached through one's own portfolio either", async () => {
    const own = await createPortfolio(intruder, 'Mine');
    const foreign = await intruder.delete(`/api/portfolios/${own}/holdings/${holdingId}`);
    const missing = await intruder.delete(`/api/portfolios/${own}/holdings/${MISSING_HOLDING}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ message: M.holdingNotFound });
    expect(foreign.json).toEqual(missing.json);
    expect((await owner.get(`/api/portfolios/${portfolioId}/holdings`)).json).toHaveLength(2);
  });

  it('answers malformed ids like missing ones', async () => {
    for (const id of ['x', "1' OR '1'='1", '%00', 'a'.repeat(3000)]) {
      const res = await intruder.get(`/api/portfolios/${encodeURIComponent(id)}`);
      expect(res.status, id.slice(0, 20)).toBe(404);
      expect(res.json).toEqual({ message: M.portfolioNotFound });
    }
  });
});

describe('shared links', () => {
  it('answers the allow-listed fields only, nothing private', async () => {
    const { json } = await owner.patch(`/api/portfolios/${portfolioId}/visibility`, { isPublic: true });
    const link = json.shareableLink as string;
    const anonymous = new Browser(server.url);
    const res = await anonymous.get(`/api/portfolio/shared/${link}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['holdings', 'portfolio']);
    expect(Object.keys(res.json.portfolio).sort()).toEqual([
      'currency',
      'description',
      'holdingsCount',
      'lastUpdated',
      'name',
      'pricesAsOf',
      'totalGainLoss',
      'totalGainLossPercent',
      'totalValue',
    ]);
    expect(res.json.holdings).toHaveLength(2);
    for (const holding of res.json.holdings) {
      expect(Object.keys(holding).sort()).toEqual([
        'currency',
        'currentPrice',
        'gainLoss',
        'gainLossPercent',
        'listingPrice',
        'quantity',
        'symbol',
        'totalValue',
      ]);
    }
    expect(res.json.portfolio).toMatchObject({ name: 'Secret plan', description: 'Only mine', holdingsCount: 2 });
    for (const secret of [ownerUserId, ownerEmail, portfolioId, holdingId, '150.25', link]) {
      expect(res.text).not.toContain(secret);
    }
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('kills the link on private; public again makes a new link and the old one stays dead', async () => {
    const first = (await owner.patch(`/api/portfolios/${portfolioId}/visibility`, { isPublic: true })).json
      .shareableLink;
    expect((await owner.get(`/api/portfolio/shared/${first}`)).status).toBe(200);
    await owner.patch(`/api/portfolios/${portfolioId}/visibility`, { isPublic: false });
    const dead = await owner.get(`/api/portfolio/shared/${first}`);
    expect(dead.status).toBe(404);
    expect(dead.json).toEqual({ message: M.sharedNotFound });
    const second = (await owner.patch(`/api/portfolios/${portfolioId}/visibility`, { isPublic: true })).json
      .shareableLink;
    expect(second).not.toBe(first);
    expect((await owner.get(`/api/portfolio/shared/${second}`)).status).toBe(200);
    expect((await owner.get(`/api/portfolio/shared/${first}`)).status).toBe(404);
  });

  it('answers private, unknown and malformed links with the same 404 in the same time', async () => {
    const own = await createPortfolio(owner, 'Withdrawn');
    const withdrawn = (await owner.patch(`/api/portfolios/${own}/visibility`, { isPublic: true })).json.shareableLink;
    await owner.patch(`/api/portfolios/${own}/visibility`, { isPublic: false });
    const anonymous = new Browser(server.url);
    const kinds: Record<string, string> = {
      private: withdrawn,
      unknown: 'A'.repeat(16) + 'b'.repeat(16),
      malformed: "x'; drop table portfolios; --",
    };
    const bodies = new Set<string>();
    for (const link of Object.values(kinds)) {
      const res = await anonymous.get(`/api/portfolio/shared/${encodeURIComponent(link)}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      bodies.add(res.text);
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: M.sharedNotFound })]);

    // Time the answer itself, in the server's process: round trips over a loaded machine vary by milliseconds and
    // would hide (or fake) a difference of microseconds. Interleaved rounds, so stray pauses hit every kind alike.
    const samples: Record<string, number[]> = { private: [], unknown: [], malformed: [] };
    for (let round = 0; round < 3000; round++) {
      for (const [kind, link] of Object.entries(kinds)) {
        const started = process.hrtime.bigint();
        await getSharedPortfolio(server.deps, link).catch(() => null);
        samples[kind].push(Number(process.hrtime.bigint() - started) / 1000);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const medians = Object.values(samples).map(median);
    const spread = Math.max(...medians) - Math.min(...medians);
    expect(spread, `medians in µs: ${medians.map((m) => m.toFixed(1)).join(', ')}`).toBeLessThan(
      Math.max(5, 0.25 * Math.min(...medians)),
    );
  });

  it('serves the shared page with noindex and a link preview that carries nothing private', async () => {
    const link = (await owner.patch(`/api/portfolios/${portfolioId}/visibility`, { isPublic: true })).json
      .shareableLink;
    const page = await fetch(`${server.url}/portfolio/shared/${link}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<title>Secret plan · Public Portfolio · Tickwise</title>');
    expect(html).toContain('<meta property="og:description" content="Only mine" />');
    expect(html).toContain('<div id="root"></div>');
    for (const secret of [ownerEmail, ownerUserId, portfolioId, holdingId]) expect(html).not.toContain(secret);

    const missing = await fetch(`${server.url}/portfolio/shared/${'Z'.repeat(32)}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const missingHtml = await missing.text();
    expect(missingHtml).toContain('<title>Portfolio Not Found · Tickwise</title>');
    expect(missingHtml).toContain('<div id="root"></div>');
  });

  it('escapes a hostile name in the page head', async () => {
    const id = await createPortfolio(owner, '"><script>alert(1)</script>', '</title><img src=x onerror=alert(2)>');
    const link = (await owner.patch(`/api/portfolios/${id}/visibility`, { isPublic: true })).json.shareableLink;
    const html = await (await fetch(`${server.url}/portfolio/shared/${link}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('the two hot reads that skip tRPC’s caller (issue 29 §3, decision 030)', () => {
  /** portfolios.<name> over tRPC's HTTP GET, as the same browser: its status and, when refused, its body. */
  async function overTrpc(browser: Browser, name: 'list' | 'get', input?: unknown) {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const res = await browser.get(`/trpc/portfolios.${name}${query}`);
    return { status: res.status, body: res.status === 200 ? res.json.result.data.json : res.json.error.json.data.app };
  }

  /** What does not move with the market between two reads a moment apart. */
  const shapeOf = (detail: { portfolio: Record<string, unknown>; holdings: Record<string, unknown>[] }) => ({
    portfolio: { id: detail.portfolio.id, name: detail.portfolio.name, keys: Object.keys(detail.portfolio) },
    holdings: detail.holdings.map((h) => ({
      ...h,
      currentPrice: undefined,
      totalValue: undefined,
      gainLoss: undefined,
      gainLossPercent: undefined,
      dayChange: undefined,
      dayChangePercent: undefined,
      weight: undefined,
      priceAsOf: undefined,
      listingPrice: undefined,
    })),
  });

  it('answer what portfolios.list and portfolios.get answer, and refuse what they refuse, with the same body', async () => {
    const rest = await owner.get(`/api/portfolios/${portfolioId}`);
    const trpc = await overTrpc(owner, 'get', { id: portfolioId });
    expect([rest.status, trpc.status]).toEqual([200, 200]);
    expect(shapeOf(rest.json)).toEqual(shapeOf(trpc.body));
    expect(rest.json.holdings.map((h: { symbol: string }) => h.symbol).sort()).toEqual(['AAPL', 'KO']);
    const list = await owner.get('/api/portfolios');
    const listed = (await overTrpc(owner, 'list')).body;
    expect(list.json.map((p: { id: string }) => p.id)).toEqual(listed.map((p: { id: string }) => p.id));
    expect(Object.keys(list.json[0])).toEqual(Object.keys(listed[0]));

    const banned = await signedInBrowser(server.url);
    await setBanned(server.deps.db, (await banned.get('/api/auth/user')).json.email, true);
    const refusals: [string, Browser, string, number][] = [
      ['signed out', new Browser(server.url), portfolioId, 401],
      ['banned', banned, portfolioId, 403],
      ["another user's", intruder, portfolioId, 404],
      ['missing', owner, MISSING_ID, 404],
      ['malformed', owner, 'not an id!', 404],
      ['NUL inside, signed out', new Browser(server.url), 'ab\u0000cd', 400],
      ['NUL inside', owner, 'ab\u0000cd', 400],
    ];
    for (const [label, browser, id, status] of refusals) {
      const refused = await browser.get(`/api/portfolios/${encodeURIComponent(id)}`);
      const procedure = await overTrpc(browser, 'get', { id });
      expect([refused.status, procedure.status], label).toEqual([status, status]);
      expect(refused.json, label).toEqual(procedure.body);
    }
    for (const [label, browser, status] of [
      ['signed out', new Browser(server.url), 401],
      ['banned', banned, 403],
    ] as const) {
      const refused = await browser.get('/api/portfolios');
      const procedure = await overTrpc(browser, 'list');
      expect([refused.status, procedure.status], label).toEqual([status, status]);
      expect(refused.json, label).toEqual(procedure.body);
    }
  });
});
