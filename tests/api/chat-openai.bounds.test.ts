import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CUT_OFF_NOTES } from '../../src/server/ai/agent';
import { MAX_ANSWER_CHARS } from '../../src/server/ai/engine';
import { createOpenAiEngine, MODEL_FAILURE_MESSAGES } from '../../src/server/ai/openai/engine';
import { MAX_TOOL_CALLS_PER_TURN } from '../../src/server/ai/turnTools';
import { ApiClient } from '../helpers/http';
import { startFakeOpenAi, type FakeOpenAiServer } from '../helpers/openAiServer';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { registerBody, uniqueEmail } from './auth-helpers';

/**
 * Issue 17 item 6: what a model sends is bounded. Every tool call counts against the per-answer cap and calls past
 * it are neither run nor shown; an answer is stopped at MAX_ANSWER_CHARS; an answer cut off by the timeout is kept,
 * marked as cut off and not charged; users read plain sentences while the server's address and words go to the log.
 */

let fake: FakeOpenAiServer;
let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer(
    { OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'test-model', OPENAI_TIMEOUT_MS: '1500' },
    { log: pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) }) },
  );
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  logLines.length = 0;
});

async function signedIn(): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  expect((await client.post('/api/auth/register', registerBody(uniqueEmail('bounds')))).status).toBe(200);
  return client;
}
const usedToday = async (client: ApiClient) => (await client.get('/api/usage-stats')).json.today.chatMessages;

describe('model answers are bounded', () => {
  it('counts calls to unknown tools against the cap, runs and shows none past it, then asks for an answer', async () => {
    const client = await signedIn();
    const unknown = Array.from({ length: MAX_TOOL_CALLS_PER_TURN + 3 }, (_, i) => ({
      name: `no_such_tool_${i}`,
      arguments: '{}',
    }));
    fake.script(
      { toolCalls: unknown.slice(0, 8) },
      { toolCalls: [...unknown.slice(8), { name: 'get_quote', arguments: '{"symbols":["AAPL"]}' }] },
      { content: 'No data after all.' },
    );
    const res = await client.post('/api/chat', { message: 'AAPL?' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.tools).toHaveLength(MAX_TOOL_CALLS_PER_TURN);
    expect(res.json.tools.every((t: { status: string }) => t.status === 'error')).toBe(true);
    expect(res.json.sources).toEqual([]);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2].body.tools).toBeUndefined();
  });

  it('stops a 20 MB answer at the size limit, stores it marked as cut off, and charges it', async () => {
    const client = await signedIn();
    fake.script({ content: 'All work and no play. '.repeat((20 * 1024 * 1024) / 22), pieceSize: 64 * 1024 });
    const res = await client.post('/api/chat', { message: 'Write forever' });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.json.content).toBe(res.json.content.slice(0, MAX_ANSWER_CHARS) + CUT_OFF_NOTES.size);
    expect(res.json.cutOff).toBe('size');
    expect(await usedToday(client)).toBe(1);
    const stored = await client.get(`/api/chat/conversations/${res.json.conversationId}`);
    expect(stored.text.length).toBeLessThan(200_000);
    expect(stored.json.messages[1]).toMatchObject({ content: res.json.content, answer: { cutOff: 'size' } });
  });

  it('keeps an answer cut off by the timeout, marked as such, and gives the message back', async () => {
    const client = await signedIn();
    fake.script({
      content: 'The first part of an answer that never ends',
      pieceSize: 20,
      gate: new Promise(() => undefined),
    });
    const res = await client.post('/api/chat', { message: 'How is AAPL?' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.content).toBe(`The first part of an${CUT_OFF_NOTES.timeout}`);
    expect(res.json).toMatchObject({ cutOff: 'timeout', usage: { used: 0, remaining: 10 } });
    expect(await usedToday(client)).toBe(0);
    const stored = (await client.get(`/api/chat/conversations/${res.json.conversationId}`)).json;
    expect(stored.messages[1]).toMatchObject({ content: res.json.content, answer: { cutOff: 'timeout' } });
  });

  it('tells users plainly when the model server fails; its address and words go to the log and the status page', async () => {
    const client = await signedIn();
    fake.script({ kind: 'error', status: 500, errorMessage: 'CUDA out of memory on gpu-node-7' });
    const res = await client.post('/api/chat', { message: 'How is AAPL?' });
    expect(res.status).toBe(502);
    expect(res.json).toEqual({ message: MODEL_FAILURE_MESSAGES.upstream });
    expect(await usedToday(client)).toBe(0);
    const logged = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'AI model answer failed');
    expect(logged.detail).toMatch(
      /^The AI model server at 127\.0\.0\.1:\d+ answered with an error \(HTTP 500: .*CUDA out of memory on gpu-node-7/,
    );

    const closed = createOpenAiEngine({
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'm',
      timeoutMs: 1000,
      log: pino({ level: 'silent' }),
    });
    const health = await closed.health();
    expect(health).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^The AI model server at 127\.0\.0\.1:9 could not be reached/),
    });
  });
});
