import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatStreamEvent } from '../../src/shared/chat/types';
import { tablesOf } from '../../src/server/db/schema';
import { CONVERSATION_DELETED_MID_ANSWER } from '../../src/server/modules/chat/service';
import { followStoredTurn } from '../../src/server/modules/chat/storedTurn';
import { turnHubFor } from '../../src/server/modules/chat/turnHub';
import { RECORD_EVERY_MS, TurnRecorder } from '../../src/server/modules/chat/turnRecorder';
import { claimTurn, findTurn } from '../../src/server/modules/chat/turnRecords';
import { STALE_MARGIN_MS, TURN_INTERRUPTED_MESSAGE } from '../../src/server/modules/chat/turnRecords';
import { ApiClient, type Json } from '../helpers/http';
import { startFakeOpenAi, type FakeOpenAiServer } from '../helpers/openAiServer';
import { TrpcSocket } from '../helpers/sockets';
import { startTestServer, testDialect, type TestServer } from '../helpers/testServer';
import { registerBody, uniqueEmail } from './auth-helpers';

/**
 * Issue 20: a streamed answer (chat.send) picked up by request id from another instance on the same database (the
 * websocket reconnected through the load balancer elsewhere) gets the rest of it, or the finished answer, exactly
 * once and in order. Another instance only exists on PostgreSQL: there server B joins server A's database. On SQLite
 * (one instance) the same cases resume on server A itself, which is what they can honestly show there.
 */

const TIMEOUT_MS = 5_000;
let fake: FakeOpenAiServer;
let a: TestServer;
/** Where the client re-subscribes: another instance on PostgreSQL, the same server on SQLite. */
let resumer: TestServer;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const env = { OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'test-model', OPENAI_TIMEOUT_MS: String(TIMEOUT_MS) };
  a = await startTestServer(env);
  resumer =
    testDialect === 'postgres' ? await startTestServer({ ...env, DATABASE_URL: a.deps.config.DATABASE_URL! }) : a;
});
afterAll(async () => {
  if (resumer && resumer !== a) await resumer.close();
  await a?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function signedIn() {
  const client = new ApiClient(a.url);
  expect((await client.post('/api/auth/register', registerBody(uniqueEmail('resume')))).status).toBe(200);
  const cookie = `tickwise_session=${(client as unknown as { cookies: Map<string, string> }).cookies.get('tickwise_session')}`;
  const userId: string = (await client.get('/api/auth/user')).json.id;
  return { client, cookie, userId };
}

let ids = 0;
const freshId = () => `resume-${Date.now()}-${++ids}`;
const usedToday = async (client: ApiClient) => (await client.get('/api/usage-stats')).json.today.chatMessages;
const textOf = (events: Json[]) =>
  events
    .filter((e) => e.data.type === 'token')
    .map((e) => e.data.text)
    .join('');
const idsOf = (events: Json[]) => events.map((e) => Number(e.id));
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** Starts an answer on server A held after its first piece, reads up to that piece and drops the socket. */
async function startAndDrop(cookie: string, answer: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  fake.script({ content: answer, gate });
  const socket = await TrpcSocket.open(a.url, { cookie });
  const requestId = freshId();
  const first = socket.subscribe('chat.send', { message: 'Tell me about AAPL', requestId });
  await vi.waitFor(() => expect(first.data.some((e) => e.data.type === 'token')).toBe(true), { timeout: 5_000 });
  socket.close();
  await socket.closed;
  const seen = [...first.data];
  return { requestId, seen, release };
}

async function storedAnswer(client: ApiClient, conversationId: string): Promise<string> {
  const messages = (await client.get(`/api/chat/conversations/${conversationId}`)).json.messages as Json[];
  return messages.at(-1)!.content;
}

describe(`chat.send resumed ${testDialect === 'postgres' ? 'on another instance' : 'on the same server (SQLite)'}`, () => {
  it('gets exactly the rest of a running answer, in order', async () => {
    const { client, cookie, userId } = await signedIn();
    const answer = 'Apple closed higher today on strong services revenue, with volume above its average.';
    const { requestId, seen, release } = await startAndDrop(cookie, answer);
    // On PostgreSQL the answer runs on A only: B follows it from the database.
    if (resumer !== a) expect(turnHubFor(resumer.deps).find(userId, requestId)).toBeUndefined();
    const lastEventId = seen.at(-1)!.id as string;

    const socket = await TrpcSocket.open(resumer.url, { cookie });
    const rest = socket.subscribe('chat.send', { message: 'Tell me about AAPL', requestId, lastEventId });
    expect(await rest.outcome).toEqual({ ok: true, data: null });
    release();
    expect(await rest.ended).toBe('stopped');

    const all = [...seen, ...rest.data];
    expect(idsOf(all)).toEqual(range(0, all.length));
    expect(all.filter((e) => e.data.type === 'done')).toHaveLength(1);
    expect(all.at(-1)!.data.type).toBe('done');
    const done = all.at(-1)!.data as Extract<ChatStreamEvent, { type: 'done' }>;
    expect(textOf(all)).toBe(answer);
    expect(await storedAnswer(client, done.conversationId)).toBe(answer);
    // One answer, charged once: the re-subscription started nothing.
    expect(fake.requests).toHaveLength(1);
    expect(await usedToday(client)).toBe(1);
    socket.close();
  });

  it('gets the rest of an answer that finished before the re-subscription', async () => {
    const { client, cookie } = await signedIn();
    const answer = 'Microsoft is up two percent this week, led by its cloud business.';
    const { requestId, seen, release } = await startAndDrop(cookie, answer);
    release();
    // Finished and recorded before anyone comes back for it.
    await vi.waitFor(
      async () => {
        const { chatTurns } = tablesOf(a.deps.db);
        return expect((await a.deps.db.select().from(chatTurns)).find((r) => r.requestId === requestId)?.done).toBe(
          true,
        );
      },
      { timeout: 5_000 },
    );

    const socket = await TrpcSocket.open(resumer.url, { cookie });
    const rest = socket.subscribe('chat.send', {
      message: 'Tell me about MSFT',
      requestId,
      lastEventId: seen.at(-1)!.id,
    });
    expect(await rest.ended).toBe('stopped');
    const all = [...seen, ...rest.data];
    expect(idsOf(all)).toEqual(range(0, all.length));
    const done = all.at(-1)!.data as Extract<ChatStreamEvent, { type: 'done' }>;
    expect(done.type).toBe('done');
    expect(textOf(all)).toBe(answer);
    expect(await storedAnswer(client, done.conversationId)).toBe(answer);
    expect(fake.requests).toHaveLength(1);
    expect(await usedToday(client)).toBe(1);
    socket.close();
  });

  it('ends with the error the answer ended with on the instance that ran it', async () => {
    const { client, cookie } = await signedIn();
    fake.script({ content: 'First answer.' });
    const conversationId = (await client.post('/api/chat', { message: 'First question' })).json.conversationId;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.script({ content: 'A second answer, read while it is written.', gate });
    const first = await TrpcSocket.open(a.url, { cookie });
    const requestId = freshId();
    const sub = first.subscribe('chat.send', { message: 'Second question', conversationId, requestId });
    await vi.waitFor(() => expect(sub.data.some((e) => e.data.type === 'token')).toBe(true), { timeout: 5_000 });
    first.close();
    await first.closed;

    const socket = await TrpcSocket.open(resumer.url, { cookie });
    const rest = socket.subscribe('chat.send', {
      message: 'Second question',
      conversationId,
      requestId,
      lastEventId: sub.data.at(-1)!.id,
    });
    expect(await rest.outcome).toEqual({ ok: true, data: null });
    expect((await client.delete(`/api/chat/conversations/${conversationId}`)).json).toEqual({ deleted: true });
    release();
    expect(await rest.ended).toBe('error');
    expect(rest.failure.error).toMatchObject({ httpStatus: 404, message: CONVERSATION_DELETED_MID_ANSWER });
    expect(textOf([...sub.data, ...rest.data])).toBe('A second answer, read while it is written.');
    expect(await usedToday(client)).toBe(2);
    socket.close();
  });

  it('ends an answer whose instance died (its row went stale) as interrupted, and never runs or charges it again', async () => {
    const { chatTurns } = tablesOf(a.deps.db);
    const { client, cookie, userId } = await signedIn();
    const requestId = freshId();
    const events: ChatStreamEvent[] = [
      {
        type: 'started',
        conversationId: 'gone',
        usage: { used: 1, limit: 10, remaining: 9, resetsAt: new Date().toISOString() },
      },
      { type: 'token', text: 'Half an ans' },
    ];
    // What an instance that crashed mid-answer leaves behind: an unfinished row nobody writes any more.
    await a.deps.db.insert(chatTurns).values({
      userId,
      requestId,
      events: events.map((e) => JSON.stringify(e) + '\n').join(''),
      eventCount: events.length,
      done: false,
      updatedAt: Date.now() - (TIMEOUT_MS + STALE_MARGIN_MS) - 1_000,
    });

    const socket = await TrpcSocket.open(resumer.url, { cookie });
    const rest = socket.subscribe('chat.send', { message: 'Hi', requestId, lastEventId: '0' });
    expect(await rest.ended).toBe('error');
    expect(rest.data).toEqual([{ id: '1', data: events[1] }]);
    expect(rest.failure.error).toMatchObject({ httpStatus: 503, message: TURN_INTERRUPTED_MESSAGE });

    // Ended for good: asked again (any instance), the same message at once.
    const again = socket.subscribe('chat.send', { message: 'Hi', requestId, lastEventId: '1' });
    expect(await again.ended).toBe('error');
    expect(again.failure.error).toMatchObject({ httpStatus: 503, message: TURN_INTERRUPTED_MESSAGE });
    expect(fake.requests).toHaveLength(0);
    expect(await usedToday(client)).toBe(0);
    socket.close();
  });

  it('waits for a quiet answer whose instance is alive, rather than calling it interrupted', async () => {
    const { chatTurns } = tablesOf(a.deps.db);
    const { cookie, userId } = await signedIn();
    const requestId = freshId();
    await a.deps.db.insert(chatTurns).values({
      userId,
      requestId,
      events: '',
      done: false,
      updatedAt: Date.now() - TIMEOUT_MS,
    });
    const socket = await TrpcSocket.open(resumer.url, { cookie });
    const rest = socket.subscribe('chat.send', { message: 'Hi', requestId });
    expect(await rest.outcome).toEqual({ ok: true, data: null });
    // The instance that owns the answer records its next piece: a follower that waited gets it as its first event;
    // one that had called the answer interrupted would have ended with an error before it.
    const piece: ChatStreamEvent = { type: 'token', text: 'Still thinking' };
    await a.deps.db
      .update(chatTurns)
      .set({ events: JSON.stringify(piece) + '\n', eventCount: 1, updatedAt: Date.now() })
      .where(and(eq(chatTurns.userId, userId), eq(chatTurns.requestId, requestId)));
    a.deps.bus.publish('chat.turnProgressed', { userId, requestId });
    await vi.waitFor(() => expect(rest.data).toEqual([{ id: '0', data: piece }]), { timeout: 5_000 });
    expect(rest.failure.error).toBeNull();
    rest.stop();
    expect(fake.requests).toHaveLength(0);
    socket.close();
  });

  it('records a long answer in a few batched writes, followed event by event elsewhere', async () => {
    const { userId } = await signedIn();
    const requestId = freshId();
    expect(await claimTurn(a.deps.db, userId, requestId, Date.now())).toBe(true);
    expect(await claimTurn(resumer.deps.db, userId, requestId, Date.now())).toBe(false);
    let writes = 0;
    const stopCounting = a.deps.bus.subscribe(
      'chat.turnProgressed',
      (e) => void (e.requestId === requestId && writes++),
    );
    const recorder = new TurnRecorder(a.deps, userId, requestId);
    const following = (async () => {
      const seen = [];
      for await (const event of followStoredTurn(resumer.deps, userId, requestId, 0, undefined)) seen.push(event);
      return seen;
    })();
    const pushed: ChatStreamEvent[] = [];
    const started = Date.now();
    for (let i = 0; i < 60; i++) {
      const event: ChatStreamEvent = { type: 'token', text: `piece ${i}, ` };
      pushed.push(event);
      recorder.push(event);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await recorder.finish(null);
    const seen = await following;
    // tRPC's tracked events are [id, data] tuples on the server side.
    expect(seen.map((e) => e[0])).toEqual(pushed.map((_, i) => String(i)));
    expect(seen.map((e) => e[1])).toEqual(pushed);
    const row = (await findTurn(a.deps.db, userId, requestId))!;
    expect(row).toMatchObject({ done: true, failure: null, eventCount: 60 });
    // Batches, not a write per event: one per interval the loop lasted, and the end.
    stopCounting();
    expect(writes).toBeGreaterThan(1);
    expect(writes).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / RECORD_EVERY_MS) + 1);
  });
});
