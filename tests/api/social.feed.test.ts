import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { socialFeed } from '../../src/server/modules/social/messageFeed';
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
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
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
});
