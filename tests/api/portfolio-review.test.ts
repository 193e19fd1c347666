import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser } from './auth-helpers';
import { addHolding, createPortfolio, signedInBrowser } from './portfolio-helpers';

/**
 * 'AI Review' (POST /api/portfolios/:id/review, portfolios.review) with the built-in analyst, and the chat's
 * get_portfolio: the real server, database, market, usage service and grounding check.
 */

// 15:45 UTC on Wednesday 15 January 2025 (10:45 New York, while the simulated exchange trades): the daily counters
// reset in 8 hours 15 minutes.
const NOW = Date.UTC(2025, 0, 15, 15, 45);
const TO_RESET = 8 * 3600 + 15 * 60;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' }, { now: () => NOW });
});
afterAll(async () => server?.close());

async function userWithPortfolio(name = 'Core'): Promise<{ browser: Browser; id: string }> {
  const browser = await signedInBrowser(server.url);
  const id = await createPortfolio(browser, name);
  await addHolding(browser, id, 'AAPL', '10', '150');
  await addHolding(browser, id, 'MSFT', '2.5', '300.25');
  await addHolding(browser, id, 'TSLA', '3', '400');
  return { browser, id };
}

const analysesUsed = async (browser: Browser) =>
  (await browser.get('/api/usage-stats')).json.today.portfolioAnalyses as number;
const review = (browser: Browser, id: string) => browser.post(`/api/portfolios/${id}/review`);

describe('POST /api/portfolios/:id/review', () => {
  it('answers 401 signed out, over REST and tRPC', async () => {
    const visitor = new Browser(server.url);
    const res = await review(visitor, 'anything');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
    const trpc = await visitor.post('/trpc/portfolios.review', { json: { id: 'anything' } });
    expect(trpc.status).toBe(401);
  });

  it('reviews the portfolio with grounded figures, sources, the footer and the RateLimit headers', async () => {
    const { browser, id } = await userWithPortfolio('Core');
    // A newer portfolio does not change which one is reviewed.
    const other = await createPortfolio(browser, 'Other');
    await addHolding(browser, other, 'KO', '1', '50');

    const res = await review(browser, id);
    expect(res.status, res.text).toBe(200);
    const detail = (await browser.get(`/api/portfolios/${id}`)).json;
    const analysis = (await browser.get(`/api/portfolios/${id}/analysis`)).json;
    const usd = (v: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(v));

    expect(res.json).toMatchObject({
      portfolioId: id,
      engine: 'builtin',
      generatedAt: new Date(NOW).toISOString(),
      usage: { used: 1, limit: 2, remaining: 1, resetsAt: '2025-01-16T00:00:00.000Z' },
      tools: [{ tool: 'get_portfolio', label: 'Reading your portfolio…', status: 'done' }],
    });
    expect(res.json.content).toContain(`**Core** is worth **${usd(detail.portfolio.totalValue)}**`);
    // What to consider doing, one line per check that warns; the checks themselves are on the card, not repeated.
    const warnings = analysis.rules.filter((r: { status: string }) => r.status === 'warn');
    expect(warnings.length).toBeGreaterThan(0);
    expect(res.json.content).toContain('**What to consider**');
    expect(res.json.content.match(/^- \*\*/gm)).toHaveLength(warnings.length);
    for (const rule of analysis.rules) expect(res.json.content).not.toContain(rule.sentence);
    expect(res.json.content).not.toContain('**By sector or type:**');

    // Grounded like every agent answer: every figure verified, with its source.
    expect(res.json.verification.total).toBeGreaterThan(3);
    expect(res.json.verification.verified).toBe(res.json.verification.total);
    const value = res.json.figures.find((f: { text: string }) => f.text === usd(detail.portfolio.totalValue));
    expect(value).toMatchObject({
      verified: true,
      source: {
        tool: 'get_portfolio',
        label: 'total value',
        provider: 'Your portfolios, priced by Simulated market (built-in)',
      },
    });
    expect(res.json.sources).toEqual([
      {
        tool: 'get_portfolio',
        provider: 'portfolio',
        simulated: true,
        label: 'Your portfolios, priced by Simulated market (built-in)',
        asOf: expect.any(String),
        subject: '"Core"',
      },
    ]);
    expect(res.json.response.startsWith(res.json.content)).toBe(true);
    expect(res.json.response).toMatch(
      /\n---\nSources: Your portfolios, priced by Simulated market \(built-in\): "Core" portfolio \(as of 15:45 UTC, Jan 15, 2025\)\.\nPrices are simulated/,
    );

    expect(res.headers.get('ratelimit-policy')).toBe('"portfolio-analyses";q=2;w=86400');
    expect(res.headers.get('ratelimit')).toBe(`"portfolio-analyses";r=1;t=${TO_RESET}`);
    expect(await analysesUsed(browser)).toBe(1);
    // A review is not a chat message.
    expect((await browser.get('/api/usage-stats')).json.today.chatMessages).toBe(0);

    const second = await review(browser, other);
    expect(second.status).toBe(200);
    expect(second.json.content).toContain('**Other** is worth');
    expect(second.json.sources[0].subject).toBe('"Other"');
  });

  it("answers another user's portfolio exactly like a missing one, and charges nothing", async () => {
    const { id } = await userWithPortfolio();
    const intruder = await signedInBrowser(server.url);
    const foreign = await review(intruder, id);
    const missing = await review(intruder, 'no-such-portfolio-0000');
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ message: 'Portfolio not found' });
    expect({ status: missing.status, body: missing.text }).toEqual({ status: foreign.status, body: foreign.text });
    expect(foreign.headers.get('ratelimit')).toBeNull();
    expect(await analysesUsed(intruder)).toBe(0);
  });

  it('refuses an empty portfolio with a clear 400 and charges nothing', async () => {
    const browser = await signedInBrowser(server.url);
    const id = await createPortfolio(browser, 'Empty');
    const res = await review(browser, id);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Add a holding to this portfolio before asking for an AI review' });
    expect(await analysesUsed(browser)).toBe(0);
  });

  it('allows 2 reviews a day, then answers 429 with every field and the headers', async () => {
    const { browser, id } = await userWithPortfolio();
    expect((await review(browser, id)).status).toBe(200);
    const last = await review(browser, id);
    expect(last.status).toBe(200);
    expect(last.json.usage).toEqual({ used: 2, limit: 2, remaining: 0, resetsAt: '2025-01-16T00:00:00.000Z' });

    const refused = await review(browser, id);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      message: 'Daily limit reached: you have used all 2 portfolio analyses for today. Resets in 8 hours 15 minutes.',
      limitReached: true,
      remaining: 0,
      upgradeMessage: expect.stringContaining('same daily limits'),
      resetsAt: '2025-01-16T00:00:00.000Z',
      feature: 'portfolioAnalyses',
      used: 2,
      limit: 2,
    });
    expect(refused.headers.get('ratelimit-policy')).toBe('"portfolio-analyses";q=2;w=86400');
    expect(refused.headers.get('ratelimit')).toBe(`"portfolio-analyses";r=0;t=${TO_RESET}`);
    expect(refused.headers.get('retry-after')).toBe(String(TO_RESET));
    expect((await browser.get('/api/usage-stats')).json.today).toEqual({
      chatMessages: 0,
      graphGenerations: 0,
      portfolioAnalyses: 2,
    });

    // The same limit over tRPC, with the product's fields in the error data.
    const trpc = await browser.post('/trpc/portfolios.review', { json: { id } });
    expect(trpc.status).toBe(429);
    expect(trpc.json.error.json.data.app).toMatchObject({
      limitReached: true,
      feature: 'portfolioAnalyses',
      used: 2,
      limit: 2,
    });
  });

  it('lets exactly 2 of 3 parallel reviews through', async () => {
    const { browser, id } = await userWithPortfolio();
    const answers = await Promise.all([review(browser, id), review(browser, id), review(browser, id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429]);
    expect(
      answers
        .filter((a) => a.status === 200)
        .map((a) => a.json.usage.used)
        .sort(),
    ).toEqual([1, 2]);
    expect(await analysesUsed(browser)).toBe(2);
  });
});

describe("the chat's get_portfolio", () => {
  it("answers 'How is my portfolio doing?' from get_portfolio, fully verified", async () => {
    const { browser, id } = await userWithPortfolio('Long term');
    const detail = (await browser.get(`/api/portfolios/${id}`)).json;
    const res = await browser.post('/api/chat', { message: 'How is my portfolio doing?' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.tools).toEqual([expect.objectContaining({ tool: 'get_portfolio', status: 'done' })]);
    expect(res.json.content).toContain(
      `**Long term** is worth **${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(detail.portfolio.totalValue))}**`,
    );
    expect(res.json.content).toContain('Its biggest position is **AAPL**');
    expect(res.json.verification.verified).toBe(res.json.verification.total);
    expect(res.json.sources).toEqual([expect.objectContaining({ tool: 'get_portfolio', subject: '"Long term"' })]);
    // A chat message, not a portfolio analysis.
    expect((await browser.get('/api/usage-stats')).json.today).toMatchObject({ chatMessages: 1, portfolioAnalyses: 0 });
  });

  it('says plainly when the user has no portfolio, and never reads anyone else’s', async () => {
    await userWithPortfolio('Someone else');
    const browser = await signedInBrowser(server.url);
    const res = await browser.post('/api/chat', { message: 'How is my portfolio doing?' });
    expect(res.status).toBe(200);
    expect(res.json.content).toMatch(/^You have no portfolios yet\. Create one on the Portfolio page/);
    expect(res.json.content).not.toContain('Someone else');
  });
});
