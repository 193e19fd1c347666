import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastToolResult, startFakeOpenAi, type FakeOpenAiServer } from '../helpers/openAiServer';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { addHolding, createPortfolio, signedInBrowser } from './portfolio-helpers';

/**
 * The AI Review and the chat's get_portfolio with the OpenAI-compatible engine, against the local server that
 * speaks the protocol (scripted per test). Router, usage, tools, portfolios, market and grounding are all real.
 */

let fake: FakeOpenAiServer;
let server: TestServer;
const NOW = Date.UTC(2025, 0, 15, 14, 5, 30);

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer(
    {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_MODEL: 'test-model',
      OPENAI_TIMEOUT_MS: '1500',
      TRUST_PROXY: 'true',
    },
    { now: () => NOW },
  );
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function userWithPortfolio(): Promise<{ browser: Browser; id: string }> {
  const browser = await signedInBrowser(server.url);
  const id = await createPortfolio(browser, 'Core');
  await addHolding(browser, id, 'AAPL', '10', '150');
  await addHolding(browser, id, 'KO', '20', '55');
  return { browser, id };
}

const analysesUsed = async (browser: Browser) =>
  (await browser.get('/api/usage-stats')).json.today.portfolioAnalyses as number;
const usd = (v: number) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('AI Review with a model', () => {
  it('gives the model get_portfolio bound to the portfolio under review, and verifies what it copies', async () => {
    const { browser, id } = await userWithPortfolio();
    // A newer portfolio: get_portfolio without an id must still answer the one under review.
    const newer = await createPortfolio(browser, 'Newer');
    await addHolding(browser, newer, 'TSLA', '1', '100');

    fake.script({ toolCalls: [{ name: 'get_portfolio', arguments: '{}' }] }, (request) => {
      const { data } = lastToolResult(request);
      const warn = data.checks.results.find((c: { status: string }) => c.status === 'warn');
      return {
        content: `**${data.name}** is worth ${usd(data.totalValue)} (cost ${usd(data.totalCost)}). ${warn.sentence}`,
      };
    });
    const res = await browser.post(`/api/portfolios/${id}/review`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.engine).toBe('openai');
    expect(res.json.verification.total).toBeGreaterThanOrEqual(3);
    expect(res.json.verification.verified).toBe(res.json.verification.total);

    const [first, second] = fake.requests;
    expect(first.body.tools!.map((t) => t.function.name)).toContain('get_portfolio');
    expect(first.body.messages[0].content).toContain(`Portfolio review: the user pressed 'AI Review'`);
    expect(first.body.messages[0].content).toContain(`(id ${id})`);
    const toolResult = lastToolResult(second);
    expect(toolResult.data).toMatchObject({ id, name: 'Core', selection: 'under review', portfolioCount: 2 });
    expect(toolResult.source).toBe('Your portfolios, priced by Simulated market (built-in)');
    expect(await analysesUsed(browser)).toBe(1);
  });

  it('flags a figure the model invents', async () => {
    const { browser, id } = await userWithPortfolio();
    fake.script({ toolCalls: [{ name: 'get_portfolio', arguments: {} }] }, (request) => {
      const { data } = lastToolResult(request);
      return { content: `${data.name} is worth ${usd(data.totalValue)} and will be worth $98,765.43 next year.` };
    });
    const res = await browser.post(`/api/portfolios/${id}/review`);
    expect(res.status).toBe(200);
    const unverified = res.json.figures
      .filter((f: { verified: boolean }) => !f.verified)
      .map((f: { text: string }) => f.text);
    expect(unverified).toEqual(['$98,765.43']);
    expect(res.json.response).toMatch(/Warning: 1 of \d+ figures could not be verified against the data\./);
  });

  it("finds nothing when the model asks for another user's portfolio by id", async () => {
    const { id: foreign } = await userWithPortfolio();
    const { browser, id } = await userWithPortfolio();
    fake.script(
      { toolCalls: [{ name: 'get_portfolio', arguments: JSON.stringify({ id: foreign }) }] },
      { content: 'I could not find that portfolio.' },
    );
    const res = await browser.post(`/api/portfolios/${id}/review`);
    expect(res.status).toBe(200);
    expect(lastToolResult(fake.requests[1])).toEqual({
      error:
        'Portfolio not found: none of your portfolios has that id. Call get_portfolio without an id for your most recently updated portfolio.',
    });
    expect(res.json.tools).toEqual([expect.objectContaining({ tool: 'get_portfolio', status: 'error' })]);
  });

  it('gives the analysis back when the model server fails, with a clear message', async () => {
    const { browser, id } = await userWithPortfolio();
    fake.script({ kind: 'error', status: 500, errorMessage: 'model overloaded' });
    const failed = await browser.post(`/api/portfolios/${id}/review`);
    expect(failed.status).toBe(502);
    expect(failed.json).toEqual({ message: 'The AI model could not answer right now. Please try again later.' });
    expect(await analysesUsed(browser)).toBe(0);

    fake.script({ kind: 'hang' });
    expect((await browser.post(`/api/portfolios/${id}/review`)).status).toBe(504);
    expect(await analysesUsed(browser)).toBe(0);

    // Both daily reviews are still there.
    for (let i = 0; i < 2; i++) {
      fake.script({ content: 'Your portfolio looks fine.' });
      expect((await browser.post(`/api/portfolios/${id}/review`)).status).toBe(200);
    }
    expect(await analysesUsed(browser)).toBe(2);
  });
});

describe('get_portfolio in the chat, with a model', () => {
  it('is offered in every chat turn but never in a shared insight', async () => {
    const { browser, id } = await userWithPortfolio();
    fake.script({ toolCalls: [{ name: 'get_portfolio', arguments: '{}' }] }, (request) => {
      const { data } = lastToolResult(request);
      return { content: `Your portfolio ${data.name} is worth ${usd(data.totalValue)}.` };
    });
    const chat = await browser.post('/api/chat', { message: 'How is my portfolio doing?' });
    expect(chat.status, chat.text).toBe(200);
    expect(lastToolResult(fake.requests[1]).data).toMatchObject({ id, selection: 'most recently updated' });
    expect(chat.json.verification.verified).toBe(chat.json.verification.total);

    fake.reset();
    fake.script({ content: 'Markets are open.' });
    expect((await browser.post('/api/ai/insight', { question: 'How is my portfolio doing?' })).status).toBe(200);
    expect(fake.requests[0].body.tools!.map((t) => t.function.name)).not.toContain('get_portfolio');
  });
});
