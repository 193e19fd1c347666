import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { ChatStreamEvent } from '../../src/shared/chat/types';
import type { AppRouter } from '../../src/server/trpc/router';
import { ApiClient } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { registerBody, uniqueEmail } from './auth-helpers';

/** The chat with the built-in analyst engine: REST and tRPC, usage limits, history, forecasts, insights. */

// 15:45 UTC on Wednesday 15 January 2025 (10:45 New York, while the simulated exchange trades): the counters
// reset at midnight, 8 h 15 min later.
const NOW = Date.UTC(2025, 0, 15, 15, 45);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { now: () => NOW });
});
afterAll(async () => server?.close());

async function signedIn(tag = 'chat'): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const res = await client.post('/api/auth/register', registerBody(uniqueEmail(tag)));
  expect(res.status).toBe(200);
  return client;
}

function sessionCookie(client: ApiClient): string {
  return (client as unknown as { cookies: Map<string, string> }).cookies.get('tickwise_session')!;
}

describe('POST /api/chat', () => {
  it('answers 401 when signed out, for chat, forecast, insight and history alike', async () => {
    const anonymous = new ApiClient(server.url);
    for (const [method, path, body] of [
      ['POST', '/api/chat', { message: 'Hi' }],
      ['POST', '/api/forecast', { symbol: 'AAPL' }],
      ['POST', '/api/ai/insight', { question: 'Hi' }],
      ['GET', '/api/chat/conversations', undefined],
    ] as const) {
      const res = await anonymous.request(method, path, body);
      expect(res.status, path).toBe(401);
      expect(res.json).toEqual({ message: 'Unauthorized' });
    }
  });

  it('answers { response } with figures verified against the tools, sources, and RateLimit headers', async () => {
    const client = await signedIn();
    const res = await client.post('/api/chat', { message: 'What is AAPL trading at?' });
    expect(res.status, res.text).toBe(200);
    const quote = (await client.get('/api/stock/AAPL')).json;
    expect(res.json.response).toContain(`$${quote.regularMarketPrice.toFixed(2)}`);
    expect(res.json.response).toContain(
      'Sources: Simulated market (built-in): AAPL quote (as of 15:45 UTC, Jan 15, 2025).',
    );
    expect(res.json.engine).toBe('builtin');
    expect(res.json.verification.total).toBeGreaterThan(3);
    expect(res.json.verification.verified).toBe(res.json.verification.total);
    expect(res.json.tools).toEqual([{ id: 't1', tool: 'get_quote', label: 'Looking up AAPL…', status: 'done' }]);
    expect(res.json.usage).toEqual({ used: 1, limit: 10, remaining: 9, resetsAt: '2025-01-16T00:00:00.000Z' });
    expect(res.headers.get('ratelimit-policy')).toBe('"chat-messages";q=10;w=86400');
    expect(res.headers.get('ratelimit')).toBe(`"chat-messages";r=9;t=${8 * 3600 + 15 * 60}`);
  });

  it('uses the symbol in view for "this stock"', async () => {
    const client = await signedIn();
    const res = await client.post('/api/chat', {
      message: '[Currently viewing NVDA chart] What is the outlook for this stock?',
    });
    expect(res.status).toBe(200);
    expect(res.json.tools[0]).toMatchObject({ tool: 'get_analysis', label: 'Analysing NVDA…' });
    expect(res.json.content).toMatch(
      /NVIDIA Corporation \(NVDA\)\*\* is rated \*\*(Strong Buy|Buy|Hold|Sell|Strong Sell)\*\*/,
    );
    const stored = (await client.get(`/api/chat/conversations/${res.json.conversationId}`)).json;
    expect(stored.messages[0]).toMatchObject({
      role: 'user',
      content: 'What is the outlook for this stock?',
      viewingSymbol: 'NVDA',
    });
  });

  it('refuses bad input with a clear message and status 400, and charges nothing', async () => {
    const client = await signedIn();
    const cases: [unknown, string][] = [
      [{}, 'message: message is required'],
      [{ message: '   ' }, 'message: Message cannot be empty'],
      [{ message: 42 }, 'message: message is required'],
      [{ message: 'x'.repeat(2001) }, 'message: Message must be at most 2000 characters'],
      [{ message: '[Currently viewing AAPL chart]   ' }, 'Message cannot be empty'],
      [{ message: 'Hi', conversationId: '../../etc' }, 'conversationId: Invalid conversation id'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/chat', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toEqual({ message });
    }
    const notJson = await client.post('/api/chat', '{"message":', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
    expect((await client.get('/api/usage-stats')).json.today.chatMessages).toBe(0);
  });

  it('allows 10 messages a day, then answers 429 with every field and the headers', async () => {
    const client = await signedIn();
    for (let i = 0; i < 10; i++) expect((await client.post('/api/chat', { message: 'Hi' })).status).toBe(200);
    const res = await client.post('/api/chat', { message: 'Hi' });
    expect(res.status).toBe(429);
    expect(res.json).toEqual({
      message: 'Daily limit reached: you have used all 10 chat messages for today. Resets in 8 hours 15 minutes.',
      limitReached: true,
      remaining: 0,
      upgradeMessage: expect.stringContaining('same daily limits'),
      resetsAt: '2025-01-16T00:00:00.000Z',
      feature: 'chatMessages',
      used: 10,
      limit: 10,
    });
    expect(res.headers.get('ratelimit')).toBe(`"chat-messages";r=0;t=${8 * 3600 + 15 * 60}`);
    expect(res.headers.get('retry-after')).toBe(String(8 * 3600 + 15 * 60));
    const stats = (await client.get('/api/usage-stats')).json;
    expect(stats.today).toEqual({ chatMessages: 10, graphGenerations: 0, portfolioAnalyses: 0 });
    // The insight spends the same allowance.
    expect((await client.post('/api/ai/insight', { question: 'Hi' })).status).toBe(429);
  });

  it('lets exactly 10 of 50 parallel messages through', async () => {
    const client = await signedIn();
    const answers = await Promise.all(Array.from({ length: 50 }, () => client.post('/api/chat', { message: 'Hi' })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    expect((await client.get('/api/usage-stats')).json.today.chatMessages).toBe(10);
    expect((await client.get('/api/chat/conversations')).json).toHaveLength(10);
  });
});

describe('conversation history', () => {
  it('stores each exchange, lists, resumes and deletes conversations, and keeps them private', async () => {
    const client = await signedIn();
    const first = await client.post('/api/chat', { message: 'Compare AAPL and MSFT' });
    expect(first.status).toBe(200);
    const id = first.json.conversationId;
    const second = await client.post('/api/chat', { message: 'And TSLA?', conversationId: id });
    expect(second.status).toBe(200);
    expect(second.json.conversationId).toBe(id);
    // A follow-up names a symbol and nothing else: the analyst repeats the kind of answer (TSLA joins the comparison).
    expect(second.json.tools.map((t: { tool: string; label: string }) => [t.tool, t.label])).toEqual([
      ['compare', 'Comparing AAPL, MSFT, TSLA (1Y)…'],
    ]);
    await client.post('/api/chat', { message: 'What does RSI mean?' });

    const list = (await client.get('/api/chat/conversations')).json;
    expect(list).toHaveLength(2);
    expect(list.find((c: { id: string }) => c.id === id)).toMatchObject({
      title: 'Compare AAPL and MSFT',
      messageCount: 4,
    });

    const conversation = (await client.get(`/api/chat/conversations/${id}`)).json;
    expect(
      conversation.messages.map((m: { role: string; content: string }) => [m.role, m.content.slice(0, 20)]),
    ).toEqual([
      ['user', 'Compare AAPL and MSF'],
      ['assistant', first.json.content.slice(0, 20)],
      ['user', 'And TSLA?'],
      ['assistant', second.json.content.slice(0, 20)],
    ]);
    const answer = conversation.messages[1];
    expect(answer.answer).toMatchObject({
      engine: 'builtin',
      verification: first.json.verification,
      sources: first.json.sources,
    });
    expect(answer.timestamp).toBe(new Date(NOW).toISOString());

    const stranger = await signedIn('stranger');
    expect((await stranger.get(`/api/chat/conversations/${id}`)).status).toBe(404);
    expect((await stranger.delete(`/api/chat/conversations/${id}`)).status).toBe(404);
    const hijack = await stranger.post('/api/chat', { message: 'Hi', conversationId: id });
    expect(hijack.status).toBe(404);
    expect(hijack.json).toEqual({ message: 'Conversation not found' });
    expect((await stranger.get('/api/usage-stats')).json.today.chatMessages).toBe(0);

    expect((await client.delete(`/api/chat/conversations/${id}`)).json).toEqual({ deleted: true });
    expect((await client.get(`/api/chat/conversations/${id}`)).status).toBe(404);
    expect((await client.get('/api/chat/conversations')).json).toHaveLength(1);
  });
});

describe('forecast graphs', () => {
  it('returns a chart artifact with bands and calibration, 5 a day, then 429', async () => {
    const client = await signedIn();
    const res = await client.post('/api/forecast', { symbol: 'aapl', horizon: '3m' });
    expect(res.status, res.text).toBe(200);
    const { artifact, summary } = res.json;
    expect(artifact).toMatchObject({
      kind: 'forecast',
      symbol: 'AAPL',
      horizon: '3M',
      horizonDays: 91,
      simulated: true,
    });
    expect(artifact.future.times).toHaveLength(artifact.steps);
    expect(artifact.future.zeroDrift.median.every((v: number) => v === artifact.lastClose)).toBe(true);
    expect(artifact.calibration.n).toBeGreaterThan(500);
    expect(artifact.method).toContain('Log-normal model on daily log returns');
    expect(summary.atHorizon.zeroDrift.probabilityAbovePercent).toBe(50);
    expect(res.headers.get('ratelimit')).toMatch(/^"graph-generations";r=4;t=\d+$/);

    for (let i = 0; i < 4; i++) expect((await client.post('/api/forecast', { symbol: 'SPY' })).status).toBe(200);
    const over = await client.post('/api/forecast', { symbol: 'SPY' });
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({
      limitReached: true,
      remaining: 0,
      feature: 'graphGenerations',
      used: 5,
      limit: 5,
    });

    // In the chat, the forecast tool meets the same limit: the message is answered, and says so.
    const chat = await client.post('/api/chat', { message: 'Forecast MSFT for the next month' });
    expect(chat.status).toBe(200);
    expect(chat.json.limitHit).toMatchObject({ feature: 'graphGenerations', used: 5, limit: 5 });
    expect(chat.json.content).toContain("You have used all of today's forecast graphs");
    expect(chat.json.artifacts).toEqual([]);
  });

  it('charges nothing for an unknown symbol or bad input', async () => {
    const client = await signedIn();
    const unknown = await client.post('/api/forecast', { symbol: 'ZZZZZ' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toMatch(/^Unknown symbol ZZZZZ/);
    const bad = await client.post('/api/forecast', { symbol: 'AAPL', horizon: '10Y' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('horizon: horizon must be one of 1W, 1M, 3M, 6M, 1Y');
    expect((await client.get('/api/usage-stats')).json.today.graphGenerations).toBe(0);
  });

  it('counts a forecast in the chat as one message and one graph', async () => {
    const client = await signedIn();
    const res = await client.post('/api/chat', { message: 'Show me a 6 month forecast for QQQ' });
    expect(res.status).toBe(200);
    expect(res.json.artifacts).toHaveLength(1);
    expect(res.json.artifacts[0]).toMatchObject({ kind: 'forecast', symbol: 'QQQ', horizon: '6M' });
    expect(res.json.verification.verified).toBe(res.json.verification.total);
    expect((await client.get('/api/usage-stats')).json.today).toMatchObject({ chatMessages: 1, graphGenerations: 1 });
  });
});

describe('POST /api/ai/insight', () => {
  it("answers { content } with sources and the stored answer's id, question and time, and counts a chat message", async () => {
    const client = await signedIn();
    const res = await client.post('/api/ai/insight', { question: 'How volatile is TSLA?' });
    expect(res.status).toBe(200);
    expect(res.json.content).toMatch(/Annualized volatility: \*\*\d+\.\d{2}%\*\*/);
    expect(res.json.content).toContain('Sources: Simulated market (built-in): TSLA 1Y history');
    expect(res.json).toMatchObject({
      agentMessageId: expect.any(Number),
      conversationId: expect.any(String),
      question: 'How volatile is TSLA?',
      generatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await client.get('/api/usage-stats')).json.today.chatMessages).toBe(1);
    // Stored like any answer (so it can be shared by id), in a conversation of its own in the history.
    const stored = (await client.get(`/api/chat/conversations/${res.json.conversationId}`)).json;
    expect(stored.messages.map((m: { id: number; role: string }) => [m.role, m.id])).toEqual([
      ['user', expect.any(Number)],
      ['assistant', res.json.agentMessageId],
    ]);
    expect(stored.messages[1].timestamp).toBe(res.json.generatedAt);
    expect((await client.post('/api/ai/insight', { question: ' ' })).json).toEqual({
      message: 'question: Question cannot be empty',
    });
  });
});

describe('chat.send subscription', () => {
  function wsClientFor(client: ApiClient) {
    const cookie = `tickwise_session=${sessionCookie(client)}`;
    class CookieSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: { cookie, origin: server.origin } });
      }
    }
    const ws = createWSClient({ url: `${server.url.replace('http', 'ws')}/trpc`, WebSocket: CookieSocket as never });
    return { ws, trpc: createTRPCClient<AppRouter>({ links: [wsLink({ client: ws, transformer: superjson })] }) };
  }

  it('streams started, tool progress, tokens and done, and stores the exchange', async () => {
    const client = await signedIn();
    const { ws, trpc } = wsClientFor(client);
    const events: ChatStreamEvent[] = [];
    let completed = false;
    const sub = trpc.chat.send.subscribe(
      {
        message: '[Currently viewing AMZN chart] How has this stock performed over the last 6 months?',
        requestId: 'req-stream-1',
      },
      { onData: (e) => events.push(e.data), onComplete: () => (completed = true) },
    );
    try {
      await vi.waitFor(() => expect(completed, 'the stream to complete').toBe(true), { timeout: 10_000 });
    } finally {
      sub.unsubscribe();
      await ws.close();
    }
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('started');
    expect(types.at(-1)).toBe('done');
    const tools = events.filter((e) => e.type === 'tool').map((e) => e.activity);
    expect(tools).toEqual([
      { id: 't1', tool: 'get_history_summary', label: 'Reading AMZN price history (6M)…', status: 'running' },
      { id: 't1', tool: 'get_history_summary', label: 'Reading AMZN price history (6M)…', status: 'done' },
    ]);
    const text = events
      .filter((e) => e.type === 'token')
      .map((e) => (e as { text: string }).text)
      .join('');
    const done = events.at(-1) as Extract<ChatStreamEvent, { type: 'done' }>;
    expect(text).toBe(done.message.content);
    expect(events.filter((e) => e.type === 'token').length).toBeGreaterThan(3);
    expect(done.userMessage).toMatchObject({
      role: 'user',
      viewingSymbol: 'AMZN',
      content: 'How has this stock performed over the last 6 months?',
    });
    expect(done.usage).toMatchObject({ used: 1, remaining: 9 });
    expect((await client.get('/api/chat/conversations')).json).toHaveLength(1);
  });

  it('resumes the same answer when re-subscribed with the same request id, without charging twice', async () => {
    const client = await signedIn();
    const { ws, trpc } = wsClientFor(client);
    const run = (lastEventId?: string) =>
      new Promise<ChatStreamEvent[]>((resolve, reject) => {
        const got: ChatStreamEvent[] = [];
        trpc.chat.send.subscribe(
          { message: 'What is SPY trading at?', requestId: 'req-resume-1', ...(lastEventId ? { lastEventId } : {}) },
          { onData: (e) => got.push(e.data), onComplete: () => resolve(got), onError: reject },
        );
      });
    const all = await run();
    const resumed = await run('2');
    await ws.close();
    expect(resumed).toEqual(all.slice(3));
    expect((await client.get('/api/usage-stats')).json.today.chatMessages).toBe(1);
  });

  it('reports the limit as an error with the product fields', async () => {
    const client = await signedIn();
    await Promise.all(Array.from({ length: 10 }, () => client.post('/api/chat', { message: 'Hi' })));
    const { ws, trpc } = wsClientFor(client);
    const error = await new Promise<{ data?: { app?: unknown; httpStatus?: number } }>((resolve) => {
      trpc.chat.send.subscribe({ message: 'Hi', requestId: 'req-limit-1' }, { onError: (e) => resolve(e as never) });
    });
    await ws.close();
    expect(error.data?.httpStatus).toBe(429);
    expect(error.data?.app).toMatchObject({
      limitReached: true,
      remaining: 0,
      resetsAt: '2025-01-16T00:00:00.000Z',
      feature: 'chatMessages',
    });
  });
});
