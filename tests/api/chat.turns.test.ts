import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_DELETED_MID_ANSWER } from '../../src/server/modules/chat/service';
import { TOO_MANY_ANSWERS_ON_CONNECTION_MESSAGE, TURN_LIMITS, turnHubFor } from '../../src/server/modules/chat/turnHub';
import { SOCKET_LIMITS } from '../../src/server/realtime/subscriptionBudget';
import { ApiClient } from '../helpers/http';
import { startFakeOpenAi, type FakeOpenAiServer } from '../helpers/openAiServer';
import { TrpcSocket } from '../helpers/sockets';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { registerBody, uniqueEmail } from './auth-helpers';

/**
 * Issue 17 item 1: the resume store of streamed answers (chat.send) holds accepted answers only, a few per
 * connection and per user, and a socket that keeps sending refused messages is closed like any other flood.
 * Item 2: deleting the conversation while its answer streams does not give the unit back.
 */

let fake: FakeOpenAiServer;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_MODEL: 'test-model',
    OPENAI_TIMEOUT_MS: '5000',
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function signedIn() {
  const client = new ApiClient(server.url);
  expect((await client.post('/api/auth/register', registerBody(uniqueEmail('turns')))).status).toBe(200);
  const cookie = `tickwise_session=${(client as unknown as { cookies: Map<string, string> }).cookies.get('tickwise_session')}`;
  const userId: string = (await client.get('/api/auth/user')).json.id;
  return { client, cookie, userId, socket: await TrpcSocket.open(server.url, { cookie }) };
}

const hub = () => turnHubFor(server.deps);
const usedToday = async (client: ApiClient) => (await client.get('/api/usage-stats')).json.today.chatMessages;
let ids = 0;
const freshId = () => `request-${Date.now()}-${++ids}`;

describe('chat.send resume store', () => {
  it('keeps nothing for messages past the daily limit, and closes a socket that keeps sending them (4429)', async () => {
    const { client, socket } = await signedIn();
    for (let i = 0; i < 10; i++) fake.script({ content: 'Fine.' });
    for (let i = 0; i < 10; i++) expect((await client.post('/api/chat', { message: 'Hi' })).status).toBe(200);
    const keptBefore = hub().size;

    const failures = [];
    for (let i = 0; i < SOCKET_LIMITS.refusalsBeforeClose + 5 && socket.isOpen; i++) {
      const sub = socket.subscribe('chat.send', { message: 'Hi', requestId: freshId() });
      await sub.ended;
      failures.push(sub.failure.error);
    }
    expect(await socket.closed).toEqual({ code: 4429, reason: 'Too many refused requests' });
    expect(failures.slice(0, SOCKET_LIMITS.refusalsBeforeClose)).toEqual(
      Array.from({ length: SOCKET_LIMITS.refusalsBeforeClose }, () =>
        expect.objectContaining({ httpStatus: 429, app: expect.objectContaining({ limitReached: true }) }),
      ),
    );
    expect(hub().size).toBe(keptBefore);
    expect(fake.requests).toHaveLength(10);
  });

  it('counts messages that fail the input schema against the socket too', async () => {
    const { socket } = await signedIn();
    for (let i = 0; i < SOCKET_LIMITS.refusalsBeforeClose && socket.isOpen; i++) {
      const sub = socket.subscribe('chat.send', { message: 'Hi', requestId: 'bad id!' });
      await sub.ended;
      expect(sub.failure.error).toMatchObject({ httpStatus: 400, message: 'requestId: Invalid request id' });
    }
    expect(await socket.closed).toEqual({ code: 4429, reason: 'Too many refused requests' });
  });

  it('runs a few answers at once per connection, and keeps only the newest finished ones per user', async () => {
    const { client, socket, userId } = await signedIn();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = Array.from({ length: TURN_LIMITS.inFlightPerConnection }, () => {
      fake.script({ content: 'A slow answer.', gate });
      return socket.subscribe('chat.send', { message: 'Hi', requestId: freshId() });
    });
    await vi.waitFor(
      () =>
        expect(fake.requests.length === TURN_LIMITS.inFlightPerConnection, 'every answer to reach the model').toBe(
          true,
        ),
      { timeout: 5_000 },
    );

    const oneTooMany = socket.subscribe('chat.send', { message: 'Hi', requestId: freshId() });
    await oneTooMany.ended;
    expect(oneTooMany.failure.error).toMatchObject({
      httpStatus: 429,
      message: TOO_MANY_ANSWERS_ON_CONNECTION_MESSAGE,
    });
    expect(await usedToday(client)).toBe(TURN_LIMITS.inFlightPerConnection);

    release();
    expect(await Promise.all(running.map((r) => r.ended))).toEqual(running.map(() => 'stopped'));
    const requestIds = [];
    for (let i = 0; i < TURN_LIMITS.finishedPerUser; i++) {
      fake.script({ content: 'A quick answer.' });
      const requestId = freshId();
      requestIds.push(requestId);
      const sub = socket.subscribe('chat.send', { message: 'Hi', requestId });
      expect(await sub.ended).toBe('stopped');
    }
    // The newest five are kept for a late re-subscription; the three before them were let go.
    expect(requestIds.every((id) => hub().find(userId, id))).toBe(true);
    expect(hub().size).toBe(TURN_LIMITS.finishedPerUser);
    socket.close();
  });
});

describe('a conversation deleted while its answer streams', () => {
  it('keeps the unit of an answer the user received, and ends the stream with a clear message', async () => {
    const { client, socket } = await signedIn();
    fake.script({ content: 'First answer.' });
    const conversationId = (await client.post('/api/chat', { message: 'First question' })).json.conversationId;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = 'A long answer that the user reads while it is written.';
    fake.script({ content: answer, gate });
    const sub = socket.subscribe('chat.send', { message: 'Second question', conversationId, requestId: freshId() });
    await vi.waitFor(
      () =>
        expect(
          sub.data.some((e) => e.data.type === 'token'),
          'the first piece of the answer',
        ).toBe(true),
      { timeout: 5_000 },
    );

    expect((await client.delete(`/api/chat/conversations/${conversationId}`)).json).toEqual({ deleted: true });
    release();
    expect(await sub.ended).toBe('error');
    const text = sub.data
      .filter((e) => e.data.type === 'token')
      .map((e) => e.data.text)
      .join('');
    expect(text).toBe(answer);
    expect(await usedToday(client)).toBe(2);
    expect(sub.failure.error).toMatchObject({ httpStatus: 404, message: CONVERSATION_DELETED_MID_ANSWER });
    expect((await client.get('/api/chat/conversations')).json).toEqual([]);
    socket.close();
  });

  it('gives the unit back when the user received nothing (POST /api/chat waits for the whole answer)', async () => {
    const { client, socket } = await signedIn();
    socket.close();
    fake.script({ content: 'First answer.' });
    const conversationId = (await client.post('/api/chat', { message: 'First question' })).json.conversationId;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.script({ content: 'An answer nobody sees.', gate });
    const pending = client.post('/api/chat', { message: 'Second question', conversationId });
    await vi.waitFor(() => expect(fake.requests.length === 2, 'the second question to reach the model').toBe(true), {
      timeout: 5_000,
    });
    expect((await client.delete(`/api/chat/conversations/${conversationId}`)).status).toBe(200);
    release();
    const res = await pending;
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Conversation not found' });
    expect(await usedToday(client)).toBe(1);
  });
});
