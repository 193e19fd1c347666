import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { socialFeed, type FeedEvent } from '../../src/server/modules/social/messageFeed';
import type { DirectMessage, SpecSocketServerMessage } from '../../src/shared/social/types';
import { openSocket, rawText } from '../helpers/sockets';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { befriend, person, sendText, type Person } from './social-helpers';

/**
 * Issue 29 §2: one feed behind both transports, each message at most once per socket. A wake-up is only "look": one
 * that arrives while the feed is reading (a catch-up read racing a live wake-up) or twice for one message (several
 * instances, NOTIFY's merging) must not send a message again.
 */

let server: TestServer;
/** The feed reads the server sent (every statement is counted; a feed read selects messages in id order). */
let feedReads = 0;
beforeAll(async () => {
  server = await startTestServer(
    { TRUST_PROXY: '1' },
    {
      onQuery: (text) =>
        void (/from "direct_messages".*order by "direct_messages"\."id" asc/is.test(text) && feedReads++),
    },
  );
});
afterAll(async () => {
  await server?.close();
});

async function friends(): Promise<[Person, Person]> {
  const [a, b] = [await person(server.url), await person(server.url)];
  await befriend(a, b);
  return [a, b];
}

async function send(from: Person, to: Person, content: string): Promise<DirectMessage> {
  const res = await sendText(from, to, content);
  expect(res.status, res.text).toBe(201);
  return res.json as DirectMessage;
}

/** What several instances' NOTIFYs do: announce a stored message again. */
function announceAgain(message: DirectMessage): void {
  server.deps.bus.publish('message.created', {
    messageId: message.id,
    senderId: message.senderId,
    receiverId: message.receiverId,
  });
}

describe('the social feed', () => {
  it('sends nothing twice when wake-ups land in the middle of a catch-up', async () => {
    const [ada, bob] = await friends();
    const start = await send(ada, bob, 'before the feed');
    const missed = [
      await send(ada, bob, 'missed 1'),
      await send(ada, bob, 'missed 2'),
      await send(ada, bob, 'missed 3'),
    ];

    const stop = new AbortController();
    const feed = socialFeed(server.deps, bob.id, { lastMessageId: start.id, scope: 'received' }, stop.signal);
    try {
      // The catch-up read has returned three rows and handed out the first: the feed is paused mid-batch.
      const first = await feed.next();
      expect(first.value?.event).toEqual({ type: 'new_message', message: missed[0] });
      // Live wake-ups for rows of that same read, and a new message with its own wake-up, all during the catch-up.
      for (const message of missed) announceAgain(message);
      const live = await send(ada, bob, 'live');
      announceAgain(live);

      const ids: number[] = [];
      while (ids.length < 3) {
        const { value } = await feed.next();
        if (value?.event.type === 'new_message') ids.push(value.event.message.id);
      }
      expect(ids).toEqual([missed[1].id, missed[2].id, live.id]);
      // Every pending wake-up is spent on reads that find nothing new: the next message is the next thing out.
      const after = await send(ada, bob, 'after');
      const next = await feed.next();
      expect(next.value?.event).toEqual({ type: 'new_message', message: after });
    } finally {
      stop.abort();
      await feed.return(undefined);
    }
  });

  it('/ws: a message announced again by duplicated wake-ups reaches the socket once, and catches up from lastMessageId', async () => {
    const [ada, bob] = await friends();
    const outcome = await openSocket(server.url, '/ws', { cookie: bob.cookie });
    if (outcome.kind !== 'open') throw new Error(`/ws refused: ${outcome.status}`);
    const received: SpecSocketServerMessage[] = [];
    outcome.ws.on('message', (raw) => received.push(JSON.parse(rawText(raw))));
    const messages = () => received.flatMap((m) => (m.type === 'new_message' ? [m.message.content] : []));
    outcome.ws.send(JSON.stringify({ type: 'authenticate', userId: bob.id }));
    await vi.waitFor(() => expect(received[0]).toEqual({ type: 'authenticated', userId: bob.id }));

    const once = await send(ada, bob, 'once');
    announceAgain(once);
    announceAgain(once);
    await send(ada, bob, 'next');
    // The message after it has arrived, so every frame for the first one has been sent by now.
    await vi.waitFor(() => expect(messages()).toContain('next'));
    expect(messages()).toEqual(['once', 'next']);
    outcome.ws.close();

    // A client that reconnects with the last message it received gets what it missed first, then live ones.
    await send(ada, bob, 'while away');
    const again = await openSocket(server.url, '/ws', { cookie: bob.cookie });
    if (again.kind !== 'open') throw new Error(`/ws refused: ${again.status}`);
    const resumed: SpecSocketServerMessage[] = [];
    again.ws.on('message', (raw) => resumed.push(JSON.parse(rawText(raw))));
    again.ws.send(JSON.stringify({ type: 'authenticate', userId: bob.id, lastMessageId: once.id }));
    await vi.waitFor(() => expect(resumed.some((m) => m.type === 'authenticated')).toBe(true));
    await send(ada, bob, 'live again');
    const contents = () => resumed.flatMap((m) => (m.type === 'new_message' ? [m.message.content] : []));
    await vi.waitFor(() => expect(contents()).toContain('live again'));
    expect(contents()).toEqual(['next', 'while away', 'live again']);

    again.ws.send(JSON.stringify({ type: 'authenticate', userId: bob.id, lastMessageId: -1 }));
    await vi.waitFor(() => expect(resumed.at(-1)?.type).toBe('error'));
    again.ws.close();
  });

  it('reads for the feeds one message wakes in one statement, and each feed gets it once', async () => {
    const [ada, bob] = await friends();
    const stop = new AbortController();
    const start = (await send(ada, bob, 'start')).id;
    // Five tabs of Bob's: three /ws-style feeds (received) and two tRPC-style ones (all); each scope reads apart.
    const scopes = ['received', 'received', 'received', 'all', 'all'] as const;
    const feeds = scopes.map((scope) => socialFeed(server.deps, bob.id, { lastMessageId: start, scope }, stop.signal));
    try {
      const pending = feeds.map((feed) => feed.next());
      // Let every feed make its first read (finding nothing) and wait for a wake-up.
      await vi.waitFor(() => expect(server.deps.socialWakeups.size).toBeGreaterThanOrEqual(feeds.length));
      await new Promise((resolve) => setImmediate(resolve));
      const readsBefore = feedReads;
      const live = await send(ada, bob, 'to five tabs');
      const firsts = await Promise.all(pending);
      expect(firsts.map((result) => result.value?.event)).toEqual(
        scopes.map(() => ({ type: 'new_message', message: live })),
      );
      // One statement per scope for all five (it was one, or three for `all`, per feed: 9).
      expect(feedReads - readsBefore).toBe(2);
    } finally {
      stop.abort();
      await Promise.all(feeds.map((feed) => feed.return(undefined)));
    }
  });

  it('a feed with a long backlog read beside live ones: every feed gets all of its messages once, in order', async () => {
    const [ada, bob] = await friends();
    const [cyd, dee] = await friends();
    const start = (await send(ada, bob, 'start')).id;
    // 250 messages waiting for Bob, more than one statement returns for one or two feeds (100 a feed), stored directly
    // (the send's limit allows 30 a minute).
    const { directMessages } = tablesOf(server.deps.db);
    const backlog = Array.from({ length: 250 }, (_, i) => ({
      senderId: ada.id,
      receiverId: bob.id,
      content: `backlog ${i}`,
      messageType: 'text' as const,
      // An hour old, so they do not count against Ada's sends per minute.
      createdAt: Date.now() - 3_600_000,
    }));
    await server.deps.db.insert(directMessages).values(backlog);
    const forDee = await send(cyd, dee, 'for Dee');

    const stop = new AbortController();
    const collect = async (feed: AsyncGenerator<FeedEvent>, count: number) => {
      const contents: string[] = [];
      while (contents.length < count) {
        const { value } = await feed.next();
        if (value?.event.type === 'new_message') contents.push(value.event.message.content);
      }
      return contents;
    };
    const bobs = socialFeed(server.deps, bob.id, { lastMessageId: start, scope: 'received' }, stop.signal);
    const dees = socialFeed(server.deps, dee.id, { lastMessageId: forDee.id - 1, scope: 'received' }, stop.signal);
    const cyds = socialFeed(server.deps, cyd.id, { lastMessageId: forDee.id - 1, scope: 'all' }, stop.signal);
    try {
      // All three first reads are asked for in the same turn, so Dee's and Cyd's wait behind Bob's backlog.
      const [bobGot, deeGot, cydGot] = await Promise.all([collect(bobs, 250), collect(dees, 1), collect(cyds, 1)]);
      expect(bobGot).toEqual(backlog.map((row) => row.content));
      expect(deeGot).toEqual(['for Dee']);
      expect(cydGot).toEqual(['for Dee']);
      // Nothing more is queued for any of them: the next message is the next thing out.
      const next = await send(ada, bob, 'after the backlog');
      expect((await bobs.next()).value?.event).toEqual({ type: 'new_message', message: next });
    } finally {
      stop.abort();
      await Promise.all([bobs, dees, cyds].map((feed) => feed.return(undefined)));
    }
  });
});
