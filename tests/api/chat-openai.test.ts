import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/http';
import { lastToolResult, startFakeOpenAi, type FakeOpenAiServer } from '../helpers/openAiServer';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { registerBody, uniqueEmail } from './auth-helpers';

/**
 * The OpenAI-compatible engine against a local server that speaks the protocol, scripted per test. Everything on our
 * side (router, usage, tools, market, grounding, storage) is real.
 */

let fake: FakeOpenAiServer;
let server: TestServer;
// 10:05 New York on a Wednesday: the simulated exchange is trading, so the quote is of this minute.
const NOW = Date.UTC(2025, 0, 15, 15, 5, 30);

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer(
    {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_MODEL: 'test-model',
      OPENAI_TIMEOUT_MS: '1500',
    },
    { now: () => NOW },
  );
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function signedIn(): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const res = await client.post('/api/auth/register', registerBody(uniqueEmail('openai')));
  expect(res.status).toBe(200);
  return client;
}

const usedToday = async (client: ApiClient) => (await client.get('/api/usage-stats')).json.today.chatMessages;

describe('OpenAI-compatible engine', () => {
  it('does a tool round trip: the model calls get_quote, gets the data with source and as-of, and its answer is verified', async () => {
    const client = await signedIn();
    fake.script({ toolCalls: [{ name: 'get_quote', arguments: '{"symbols":["AAPL"]}' }] }, (request) => {
      const { data, asOf } = lastToolResult(request);
      const q = data.quotes[0];
      return {
        content: `Apple (AAPL) trades at $${q.price.toFixed(2)}, ${q.changePercent >= 0 ? 'up' : 'down'} ${Math.abs(q.changePercent).toFixed(2)}% today (as of ${asOf.slice(11, 16)} UTC).`,
      };
    });

    const res = await client.post('/api/chat', {
      message: '[Currently viewing AAPL chart] What is this stock trading at?',
    });
    expect(res.status, res.text).toBe(200);
    const quote = (await client.get('/api/stock/AAPL')).json;
    expect(res.json.response).toContain(`$${quote.regularMarketPrice.toFixed(2)}`);
    expect(res.json.engine).toBe('openai');
    expect(res.json.verification.total).toBeGreaterThanOrEqual(4);
    expect(res.json.verification.verified).toBe(res.json.verification.total);
    const price = res.json.figures.find((f: { text: unknown }) => f.text === `$${quote.regularMarketPrice.toFixed(2)}`);
    expect(price.source).toMatchObject({
      tool: 'get_quote',
      label: 'AAPL price',
      provider: 'Simulated market (built-in)',
    });
    expect(res.json.sources).toEqual([
      expect.objectContaining({ tool: 'get_quote', subject: 'AAPL', simulated: true }),
    ]);
    expect(res.json.response).toMatch(
      /Sources: Simulated market \(built-in\): AAPL quote \(as of 15:05 UTC, Jan 15, 2025\)/,
    );

    // What went over the wire: the protocol as every backend understands it.
    const [first, second] = fake.requests;
    expect(first.headers.authorization).toBe('Bearer sk-test-key');
    expect(first.body.model).toBe('test-model');
    expect(first.body.stream).toBe(true);
    expect(first.body.tool_choice).toBeUndefined();
    expect(first.body.parallel_tool_calls).toBe(false);
    // Every tool of the turn, the user's own (get_portfolio, portfolio_performance) and the new market tools.
    expect(first.body.tools!.map((t) => t.function.name).sort()).toEqual(
      [
        'compare',
        'explain_term',
        'forecast',
        'get_analysis',
        'get_company_profile',
        'get_dividends',
        'get_earnings',
        'get_history_summary',
        'get_portfolio',
        'get_quote',
        'investment_growth',
        'market_hours',
        'market_movers',
        'portfolio_performance',
        'search_symbols',
      ].sort(),
    );
    const historyTool = first.body.tools!.find((t) => t.function.name === 'get_history_summary')!;
    expect(historyTool.function.parameters).toMatchObject({
      properties: { from: { type: 'string' }, to: { type: 'string' }, range: { enum: expect.arrayContaining(['5Y']) } },
    });
    const quoteTool = first.body.tools!.find((t) => t.function.name === 'get_quote')!;
    expect(quoteTool.function.parameters).toMatchObject({ type: 'object', required: ['symbols'] });
    const system = first.body.messages[0];
    expect(system.role).toBe('system');
    expect(system.content).toContain('2025-01-15 15:05 UTC');
    expect(system.content).toContain('SIMULATED');
    expect(system.content).toMatch(/as-of/i);
    expect(system.content).toContain('"this stock"');
    expect(first.body.messages.at(-1)).toEqual({
      role: 'user',
      content: '[Currently viewing AAPL chart] What is this stock trading at?',
    });
    const call = second.body.messages.find((m) => m.role === 'assistant')!;
    const toolMessage = second.body.messages.find((m) => m.role === 'tool')!;
    expect(call.tool_calls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'get_quote', arguments: '{"symbols":["AAPL"]}' } },
    ]);
    expect(toolMessage.tool_call_id).toBe('call_1');
    expect(JSON.parse(toolMessage.content!)).toMatchObject({
      source: 'Simulated market (built-in)',
      asOf: expect.stringMatching(/^2025-01-15T15:05/),
    });
  });

  it('runs the new tools for a model, each answer verified: market hours, what an amount became, a period by dates', async () => {
    const client = await signedIn();
    fake.script({ toolCalls: [{ name: 'market_hours', arguments: '{"date":"2025-07-04"}' }] }, (request) => {
      const { data } = lastToolResult(request);
      return {
        content: `No: the NYSE is closed on ${data.date} (${data.holiday}); it opens again on ${data.nextOpenDate}.`,
      };
    });
    const closed = await client.post('/api/chat', { message: 'Is the market open on July 4?' });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json.response).toContain('closed on 2025-07-04 (Independence Day)');
    expect(closed.json.verification.verified).toBe(closed.json.verification.total);

    fake.script(
      { toolCalls: [{ name: 'investment_growth', arguments: '{"symbol":"AAPL","amount":10000,"from":"2020-01-15"}' }] },
      (request) => {
        const { data } = lastToolResult(request);
        return {
          content: `$10,000 in AAPL on ${data.boughtOn} would be worth $${data.value.toLocaleString('en-US', { minimumFractionDigits: 2 })} now.`,
        };
      },
    );
    const grown = await client.post('/api/chat', {
      message: 'What would $10,000 in AAPL five years ago be worth now?',
    });
    expect(grown.status, grown.text).toBe(200);
    expect(grown.json.tools[0]).toMatchObject({ tool: 'investment_growth', status: 'done' });
    expect(grown.json.verification.verified).toBe(grown.json.verification.total);

    fake.script(
      {
        toolCalls: [
          { name: 'get_history_summary', arguments: '{"symbol":"NVDA","from":"2024-10-01","to":"2024-12-31"}' },
        ],
      },
      (request) => ({ content: `NVDA changed ${lastToolResult(request).data.changePercent}% last quarter.` }),
    );
    const quarter = await client.post('/api/chat', { message: 'How did NVDA do last quarter?' });
    expect(quarter.status, quarter.text).toBe(200);
    expect(quarter.json.tools[0]).toMatchObject({ label: 'Reading NVDA price history (2024-10-01 to 2024-12-31)…' });
    expect(quarter.json.verification.verified).toBe(quarter.json.verification.total);
  });

  it('gives a model dividends and earnings dates from the market layer, verified', async () => {
    const client = await signedIn();
    fake.script(
      {
        toolCalls: [
          { name: 'get_dividends', arguments: '{"symbol":"KO"}' },
          { name: 'get_earnings', arguments: '{"symbol":"KO"}' },
        ],
      },
      (request) => {
        const results = request.body.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content!));
        const [dividends, earnings] = results.map((r: { data: Record<string, unknown> }) => r.data) as [
          { trailingYieldPercent: number; next: { exDate: string } },
          { next: { date: string } },
        ];
        return {
          content: `KO yields ${dividends.trailingYieldPercent}%; its next ex-dividend date is ${dividends.next.exDate} and it reports on ${earnings.next.date}.`,
        };
      },
    );
    const res = await client.post('/api/chat', {
      message: "What's Coca-Cola's dividend yield and when does it report?",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.tools.map((t: { tool: string }) => t.tool)).toEqual(['get_dividends', 'get_earnings']);
    expect(res.json.response).toMatch(/KO yields \d+(\.\d+)?%; its next ex-dividend date is \d{4}-\d{2}-\d{2}/);
    expect(res.json.verification.verified).toBe(res.json.verification.total);
  });

  it("gives a model the user's portfolio returns over a range against a benchmark, verified", async () => {
    const client = await signedIn();
    const created = await client.post('/api/portfolios', { name: 'Ledger' });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    for (const activity of [
      { type: 'deposit', date: '2023-01-03', amount: '10000' },
      { type: 'buy', date: '2023-01-03', symbol: 'AAPL', quantity: '20', price: '130' },
      { type: 'dividend', date: '2024-11-14', symbol: 'AAPL', amount: '5.00' },
    ]) {
      const res = await client.post(`/api/portfolios/${id}/activities`, activity);
      expect(res.status, res.text).toBe(201);
    }
    fake.script(
      { toolCalls: [{ name: 'portfolio_performance', arguments: '{"range":"1Y","benchmark":"QQQ"}' }] },
      (request) => {
        const { data } = lastToolResult(request);
        return {
          content: `Your portfolio returned ${data.timeWeightedReturnPercent}% against ${data.benchmark.twrPercent}% for ${data.benchmark.symbol}, with $${data.dividendsReceived.toFixed(2)} in dividends.`,
        };
      },
    );
    const res = await client.post('/api/chat', { message: 'My portfolio vs the Nasdaq 100 over a year?' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.tools[0]).toMatchObject({ tool: 'portfolio_performance', status: 'done' });
    expect(res.json.response).toContain('for QQQ, with $5.00 in dividends');
    expect(res.json.verification.verified).toBe(res.json.verification.total);
  });

  it('flags an invented price: the figure is unverified and the answer says so', async () => {
    const client = await signedIn();
    fake.script(
      { toolCalls: [{ name: 'get_quote', arguments: '{"symbols":["MSFT"]}' }] },
      { content: 'Microsoft (MSFT) is trading at $987.65 right now.' },
    );
    const res = await client.post('/api/chat', { message: 'What is MSFT trading at?' });
    expect(res.status).toBe(200);
    const invented = res.json.figures.find((f: { text: unknown }) => f.text === '$987.65');
    expect(invented).toMatchObject({ kind: 'number', verified: false, value: 987.65 });
    expect(invented.source).toBeUndefined();
    expect(res.json.figures.find((f: { text: unknown }) => f.text === 'MSFT')).toMatchObject({
      kind: 'ticker',
      verified: true,
    });
    expect(res.json.verification).toEqual({ verified: 1, total: 2 });
    expect(res.json.response).toContain('Warning: 1 of 2 figures could not be verified against the data.');
  });

  it('reads streamed tool calls without index, in fragments', async () => {
    const client = await signedIn();
    fake.script(
      { withIndex: false, toolCalls: [{ name: 'get_history_summary', arguments: '{"symbol":"NVDA","range":"6M"}' }] },
      (request) => ({
        content: `NVDA closed at $${lastToolResult(request).data.lastClose.toFixed(2)} at the end of the range.`,
      }),
    );
    const res = await client.post('/api/chat', { message: 'NVDA over 6 months?' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.tools).toEqual([
      expect.objectContaining({
        tool: 'get_history_summary',
        status: 'done',
        label: 'Reading NVDA price history (6M)…',
      }),
    ]);
    expect(res.json.verification.verified).toBe(res.json.verification.total);
  });

  it('accepts arguments sent as an object', async () => {
    const client = await signedIn();
    fake.script({ toolCalls: [{ name: 'get_analysis', arguments: { symbol: 'META' } }] }, (request) => ({
      content: `META is rated ${lastToolResult(request).data.rating}.`,
    }));
    const res = await client.post('/api/chat', { message: 'Rating of META?' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.tools[0]).toMatchObject({ tool: 'get_analysis', status: 'done' });
    // Sent back to the model as JSON text, whatever form it came in.
    const call = fake.requests[1].body.messages.find((m) => m.role === 'assistant')!.tool_calls![0] as {
      function: { arguments: string };
    };
    expect(call.function.arguments).toBe('{"symbol":"META"}');
  });

  it('decides by the presence of tool calls, not finish_reason, and reads plain JSON answers', async () => {
    const client = await signedIn();
    // A backend that ends a tool call with finish_reason 'stop'.
    fake.script(
      { toolCalls: [{ name: 'get_quote', arguments: '{"symbols":["SPY"]}' }], finishReason: 'stop' },
      { content: 'SPY looked up.' },
    );
    const res = await client.post('/api/chat', { message: 'SPY?' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.tools[0]).toMatchObject({ tool: 'get_quote', status: 'done' });
    expect(fake.requests).toHaveLength(2);
  });

  it('falls back to a plain request when a backend drops tool calls from the stream', async () => {
    const client = await signedIn();
    fake.script(
      { kind: 'dropped-tool-calls' },
      { toolCalls: [{ name: 'get_quote', arguments: '{"symbols":["TSLA"]}' }] },
      (request) => ({ content: `TSLA: $${lastToolResult(request).data.quotes[0].price.toFixed(2)}.` }),
    );
    const res = await client.post('/api/chat', { message: 'TSLA price' });
    expect(res.status, res.text).toBe(200);
    expect(fake.requests.map((r) => r.body.stream)).toEqual([true, false, true]);
    expect(res.json.verification.verified).toBe(res.json.verification.total);
  });

  it('sends a tool argument error back to the model once, and gives up clearly on the second', async () => {
    const client = await signedIn();
    fake.script(
      { toolCalls: [{ name: 'get_quote', arguments: '{"symbols":[]}' }] },
      (request) => {
        expect(lastToolResult(request).error).toBe(
          'Invalid arguments for get_quote: symbols: Give at least one symbol',
        );
        return { toolCalls: [{ name: 'get_quote', arguments: '{"symbols":["AMD"]}' }] };
      },
      { content: 'Done.' },
    );
    const ok = await client.post('/api/chat', { message: 'AMD?' });
    expect(ok.status, ok.text).toBe(200);

    const before = await usedToday(client);
    fake.script(
      { toolCalls: [{ name: 'forecast', arguments: '{"symbol":"AMD","horizon":"10Y"}' }] },
      { toolCalls: [{ name: 'forecast', arguments: 'not json' }] },
    );
    const bad = await client.post('/api/chat', { message: 'AMD forecast' });
    expect(bad.status).toBe(502);
    expect(bad.json).toEqual({
      message: 'The AI model kept calling a tool with invalid arguments. Please rephrase your question.',
    });
    expect(await usedToday(client)).toBe(before);
  });

  it('stops after six tool rounds and asks for an answer without tools', async () => {
    const client = await signedIn();
    for (let i = 0; i < 6; i++) fake.script({ toolCalls: [{ name: 'get_quote', arguments: '{"symbols":["IBM"]}' }] });
    fake.script({ content: 'Enough looking: IBM.' });
    const res = await client.post('/api/chat', { message: 'IBM?' });
    expect(res.status, res.text).toBe(200);
    expect(fake.requests).toHaveLength(7);
    expect(fake.requests.slice(0, 6).every((r) => r.body.tools?.length)).toBe(true);
    expect(fake.requests[6].body.tools).toBeUndefined();
  });

  it('answers an error from the model server with a clear message, and refunds the message', async () => {
    const client = await signedIn();
    fake.script({ kind: 'error', status: 500, errorMessage: 'model overloaded' });
    const res = await client.post('/api/chat', { message: 'How is AAPL?' });
    expect(res.status).toBe(502);
    // A plain sentence: the model server's address and its own words are for the log and the status page.
    expect(res.json).toEqual({ message: 'The AI model could not answer right now. Please try again later.' });
    expect(await usedToday(client)).toBe(0);
    expect((await client.get('/api/chat/conversations')).json).toEqual([]);
  });

  it('gives up on a hanging server at the timeout with a clear message, and refunds', async () => {
    const client = await signedIn();
    fake.script({ kind: 'hang' });
    const started = Date.now();
    const res = await client.post('/api/chat', { message: 'How is AAPL?' });
    expect(res.status).toBe(504);
    expect(res.json).toEqual({ message: 'The AI model took too long to answer. Please try again later.' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await usedToday(client)).toBe(0);
  });

  it('says so plainly when the server cannot be reached', async () => {
    const client = await signedIn();
    fake.script({ kind: 'reset' });
    const res = await client.post('/api/chat', { message: 'How is AAPL?' });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ message: 'The AI model is unavailable right now. Please try again later.' });
    expect(await usedToday(client)).toBe(0);
  });

  it('sends the conversation so far with a new message in the same conversation', async () => {
    const client = await signedIn();
    fake.script({ content: 'First answer.' });
    const first = await client.post('/api/chat', { message: 'First question' });
    fake.script({ content: 'Second answer.' });
    await client.post('/api/chat', {
      message: '[Currently viewing QQQ chart] Second question',
      conversationId: first.json.conversationId,
    });
    expect(fake.requests[1].body.messages.slice(1)).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: '[Currently viewing QQQ chart] Second question' },
    ]);
  });

  it('probes health with GET /v1/models', async () => {
    const health = await server.deps.ai.health();
    expect(health).toMatchObject({ ok: true });
    expect(server.deps.ai.label).toMatch(/^test-model at 127\.0\.0\.1:\d+$/);
  });
});
