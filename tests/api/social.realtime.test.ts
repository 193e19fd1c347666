import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { tablesOf } from '../../src/server/db/schema';
import type { SpecSocketServerMessage, SocialEvent } from '../../src/shared/social/types';
import { SPEC_SOCKET_MESSAGES } from '../../src/server/modules/social/specSocket';
import type { AppRouter } from '../../src/server/trpc/router';
import { closedOf, openSocket, rawText, TrpcSocket } from '../helpers/sockets';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { within } from '../helpers/waitFor';
import { befriend, person, sendText, type Person } from './social-helpers';

/**
 * Issue 11, real time: the spec's `/ws` protocol (authenticate with the session's user, never a claimed one;
 * new_message pushes; closed on logout) and the `social.messages` subscription, whose tracked events let a client
 * that was away catch up on every message exactly once.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
/** Sockets a failing test may leave open. */
const sockets: TrpcSocket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

async function friends(): Promise<[Person, Person]> {
  const [a, b] = [await person(server.url), await person(server.url)];
  await befriend(a, b);
  return [a, b];
}

/** A `/ws` client that keeps every message it receives. */
async function specSocket(who: Person) {
  const outcome = await openSocket(server.url, '/ws', { cookie: who.cookie });
  if (outcome.kind !== 'open') throw new Error(`/ws refused: ${outcome.status}`);
  const ws = outcome.ws;
  const received: SpecSocketServerMessage[] = [];
  ws.on('message', (raw) => received.push(JSON.parse(rawText(raw))));
  return {
    ws,
    received,
    closed: closedOf(ws),
    send: (message: unknown) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    async next(type: SpecSocketServerMessage['type'], count = 1) {
      await vi.waitFor(
        () => expect(received.filter((m) => m.type === type).length >= count, `${count} × ${type}`).toBe(true),
        { timeout: 3_000 },
      );
      return received.filter((m) => m.type === type)[count - 1];
    },
  };
}

describe('/ws', () => {
  it('authenticates the session’s user and then pushes new_message for messages to them', async () => {
    const [ada, bob] = await friends();
    const socket = await specSocket(bob);
    // Before authenticating, nothing is pushed.
    await sendText(ada, bob, 'too early');
    socket.send({ type: 'ping' });
    await socket.next('pong');
    expect(socket.received.filter((m) => m.type === 'new_message')).toEqual([]);

    socket.send({ type: 'authenticate', userId: bob.id });
    expect(await socket.next('authenticated')).toEqual({ type: 'authenticated', userId: bob.id });
    const sent = (await sendText(ada, bob, 'Hello over /ws')).json;
    expect(await socket.next('new_message')).toEqual({ type: 'new_message', message: sent });
    expect(sent.sender).toEqual({ firstName: ada.firstName });

    // Messages Bob sends, and messages between other people, are not pushed to him.
    await sendText(bob, ada, 'reply');
    const [carol, dan] = await friends();
    await sendText(carol, dan, 'not for Bob');
    const last = (await sendText(ada, bob, 'second')).json;
    expect(await socket.next('new_message', 2)).toEqual({ type: 'new_message', message: last });
    expect(socket.received.filter((m) => m.type === 'new_message')).toHaveLength(2);
    socket.ws.close();
  });

  it('refuses a spoofed userId with an error and closes with 4400; the other user’s messages never arrive', async () => {
    const [ada, bob] = await friends();
    const socket = await specSocket(ada);
    socket.send({ type: 'authenticate', userId: bob.id });
    expect(await socket.next('error')).toEqual({ type: 'error', message: SPEC_SOCKET_MESSAGES.wrongUser });
    expect(await within(socket.closed, 2_000, 'close after a spoofed userId')).toEqual({
      code: 4400,
      reason: 'userId is not the signed-in user',
    });
    await sendText(ada, bob, 'for Bob only');
    expect(socket.received.filter((m) => m.type === 'new_message' || m.type === 'authenticated')).toEqual([]);
    expect(server.app.websockets.registry.userConnections(ada.id, '/ws')).toHaveLength(0);
  });

  it('answers messages it does not understand, and closes a socket that floods it (4429)', async () => {
    const [ada] = await friends();
    const socket = await specSocket(ada);
    socket.send('not json');
    expect(await socket.next('error')).toEqual({ type: 'error', message: SPEC_SOCKET_MESSAGES.notJson });
    socket.send({ type: 'subscribe', channel: 'everything' });
    expect(await socket.next('error', 2)).toEqual({ type: 'error', message: SPEC_SOCKET_MESSAGES.unknownType });
    for (let i = 0; i < 30; i++) socket.send({ type: 'ping' });
    expect((await within(socket.closed, 2_000, 'close after a flood')).code).toBe(4429);
  });

  it('is closed on logout (4401) and no longer receives messages', async () => {
    const [ada, bob] = await friends();
    const socket = await specSocket(bob);
    socket.send({ type: 'authenticate', userId: bob.id });
    await socket.next('authenticated');
    expect((await bob.browser.post('/api/auth/logout')).status).toBe(200);
    expect(await within(socket.closed, 2_000, 'close after logout')).toEqual({ code: 4401, reason: 'Session ended' });
    await sendText(ada, bob, 'after logout');
    expect(socket.received.filter((m) => m.type === 'new_message')).toEqual([]);
  });
});

/** The real tRPC client over a websocket that a test can cut and keep from reconnecting. */
function trpcClientFor(who: Person) {
  let blocked = false;
  const origin = server.origin;
  class CuttableSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      // While blocked, aim at a path the server refuses, so every reconnect attempt fails.
      super(blocked ? url.replace('/trpc', '/blocked') : url, protocols, { headers: { cookie: who.cookie, origin } });
    }
  }
  const wsClient = createWSClient({
    url: `${server.url.replace('http', 'ws')}/trpc`,
    WebSocket: CuttableSocket as never,
    retryDelayMs: () => 50,
  });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
  return {
    trpc,
    wsClient,
    /** Cuts the connection from the server side and keeps the client out until `restore`. */
    cut() {
      blocked = true;
      for (const connection of server.app.websockets.registry.userConnections(who.id, '/trpc'))
        connection.socket.terminate();
    },
    restore() {
      blocked = false;
    },
  };
}

describe('social.messages (tRPC)', () => {
  it('a client cut off while 20 messages are sent receives all 20 exactly once after reconnecting with its last event id', async () => {
    const [ada, bob] = await friends();
    const client = trpcClientFor(bob);
    const events: Array<{ id: string; data: SocialEvent }> = [];
    let started = 0;
    const sub = client.trpc.social.messages.subscribe(undefined, {
      onStarted: () => (started += 1),
      onData: (event) => events.push(event),
    });
    try {
      await vi.waitFor(() => expect(started === 1, 'subscription start').toBe(true), { timeout: 3_000 });
      const first = (await sendText(ada, bob, 'before the cut')).json;
      await vi.waitFor(() => expect(events.length === 1, 'the first live message').toBe(true), { timeout: 3_000 });
      expect(events[0]).toEqual({ id: String(first.id), data: { type: 'new_message', message: first } });

      client.cut();
      await vi.waitFor(
        () =>
          expect(client.wsClient.connectionState.get().state === 'connecting', 'the client to notice the cut').toBe(
            true,
          ),
        { timeout: 3_000 },
      );
      const missed: number[] = [];
      for (let i = 1; i <= 20; i++) missed.push((await sendText(ada, bob, `missed ${i}`)).json.id);
      expect(events).toHaveLength(1);

      client.restore();
      await vi.waitFor(() => expect(events.length >= 21, 'the 20 missed messages').toBe(true), { timeout: 5_000 });
      // And live delivery goes on after the catch-up.
      const after = (await sendText(ada, bob, 'after the reconnect')).json;
      await vi.waitFor(() => expect(events.length >= 22, 'the next live message').toBe(true), { timeout: 3_000 });

      const ids = events.map((e) => (e.data.type === 'new_message' ? e.data.message.id : -1));
      expect(ids).toEqual([first.id, ...missed, after.id]);
      expect(events.map((e) => e.id)).toEqual(ids.map(String));
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      sub.unsubscribe();
      await client.wsClient.close();
    }
  });

  it('catching up while new messages keep arriving yields every message once, in order', async () => {
    const { directMessages } = tablesOf(server.deps.db);
    const [ada, bob] = await friends();
    const socket = await TrpcSocket.open(server.url, { cookie: bob.cookie });
    sockets.push(socket);
    const live = socket.subscribe('social.messages', undefined);
    expect((await live.outcome).ok).toBe(true);
    const first = (await sendText(ada, bob, 'seen')).json;
    await vi.waitFor(() => expect(live.data.length === 1, 'first message').toBe(true), { timeout: 3_000 });
    socket.close();
    await socket.closed;

    // 150 messages both ways while away (more than one database batch of 100), stored directly and dated an hour
    // back: the per-minute send limit is not what this test is about.
    const missed: number[] = [];
    for (let i = 0; i < 150; i++) {
      const [from, to] = i % 2 ? [ada, bob] : [bob, ada];
      const [row] = await server.deps.db
        .insert(directMessages)
        .values({
          senderId: from.id,
          receiverId: to.id,
          content: `m${i}`,
          messageType: 'text',
          createdAt: Date.now() - 3_600_000,
        })
        .returning({ id: directMessages.id });
      missed.push(row.id);
    }
    // Sends during the catch-up itself (150 is more than one database batch of 100).
    const again = await TrpcSocket.open(server.url, { cookie: bob.cookie });
    sockets.push(again);
    const resumed = again.subscribe('social.messages', { lastEventId: String(first.id) });
    const during = Promise.all(Array.from({ length: 5 }, (_, i) => sendText(ada, bob, `during ${i}`)));
    expect((await resumed.outcome).ok).toBe(true);
    const duringIds = (await during).map((r) => r.json.id);
    await vi.waitFor(() => expect(resumed.data.length >= 155, 'catch-up and live messages').toBe(true), {
      timeout: 5_000,
    });
    const ids = resumed.data.map((e: { data: { message: { id: unknown } } }) => e.data.message.id);
    expect(ids).toEqual([...missed, ...duringIds].sort((x, y) => x - y));
    expect(resumed.data.map((e: { id: unknown }) => e.id)).toEqual(ids.map(String));
    again.close();
  });

  it('tells the user when friend requests change, and refuses signed-out subscribers', async () => {
    const [ada, bob] = [await person(server.url), await person(server.url)];
    const socket = await TrpcSocket.open(server.url, { cookie: bob.cookie });
    const feed = socket.subscribe('social.messages', undefined);
    expect((await feed.outcome).ok).toBe(true);
    await ada.browser.post('/api/friend-requests/send', { username: bob.email });
    await vi.waitFor(() => expect(feed.data.length === 1, 'friends event').toBe(true), { timeout: 3_000 });
    expect(feed.data[0].data).toEqual({ type: 'friends' });
    socket.close();

    const anonymous = await TrpcSocket.open(server.url);
    const refused = await anonymous.subscribe('social.messages', undefined).outcome;
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.httpStatus).toBe(401);
    anonymous.close();
  });

  it('ends with the session: logout stops the feed and closes the socket', async () => {
    const [ada, bob] = await friends();
    const socket = await TrpcSocket.open(server.url, { cookie: bob.cookie });
    const feed = socket.subscribe('social.messages', undefined);
    expect((await feed.outcome).ok).toBe(true);
    await bob.browser.post('/api/auth/logout');
    expect(['stopped', 'closed']).toContain(await within(feed.ended, 2_000, 'feed end'));
    expect((await within(socket.closed, 2_000, 'socket close')).code).toBe(4401);
    await sendText(ada, bob, 'nobody listening');
    expect(feed.data).toEqual([]);
  });
});
