import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_KEPT_PER_USER } from '../../src/shared/notifications/limits';
import { notificationFeed } from '../../src/server/modules/notifications/feed';
import { notify } from '../../src/server/modules/notifications/notify';
import { TrpcSocket } from '../helpers/sockets';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { person } from './social-helpers';

/**
 * Issue 30 §3, the notification centre: notify() stores a notification for one user, the list pages through them
 * newest first with the unread count, mark read changes only the caller's own, the per-user bound holds, and the
 * `notifications.live` feed delivers each notification once, resuming by event id like the social feed.
 */

let server: TestServer;
/** The live feeds' reads the server sent (a feed read selects notifications in id order). */
let feedReads = 0;
beforeAll(async () => {
  server = await startTestServer(
    { TRUST_PROXY: '1' },
    {
      onQuery: (text) => void (/from "notifications".*order by "notifications"\."id" asc/is.test(text) && feedReads++),
    },
  );
});
const sockets: TrpcSocket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const tell = (userId: string, title: string, extra: Record<string, unknown> = {}) =>
  notify(server.deps, userId, { kind: 'alert', title, body: `${title} body`, link: '/trading?symbol=AAPL', ...extra });

describe('the notification centre', () => {
  it('lists a user’s notifications newest first with the unread count, in pages', async () => {
    const ada = await person(server.url);
    const bob = await person(server.url);
    for (let i = 1; i <= 5; i++) await tell(ada.id, `Ada ${i}`);
    await tell(bob.id, 'Bob only');

    const first = await ada.browser.get('/api/notifications?limit=2');
    expect(first.status, first.text).toBe(200);
    expect(first.json.unreadCount).toBe(5);
    expect(first.json.notifications.map((n: { title: string }) => n.title)).toEqual(['Ada 5', 'Ada 4']);
    expect(first.json.notifications[0]).toMatchObject({
      kind: 'alert',
      body: 'Ada 5 body',
      link: '/trading?symbol=AAPL',
      data: null,
      readAt: null,
    });
    expect(Date.parse(first.json.notifications[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const second = await ada.browser.get(`/api/notifications?limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json.notifications.map((n: { title: string }) => n.title)).toEqual(['Ada 3', 'Ada 2']);
    const last = await ada.browser.get(`/api/notifications?limit=2&cursor=${second.json.nextCursor}`);
    expect(last.json.notifications.map((n: { title: string }) => n.title)).toEqual(['Ada 1']);
    expect(last.json.nextCursor).toBeNull();

    // Default page: 20; Bob sees only his own.
    const bobs = await bob.browser.get('/api/notifications');
    expect(bobs.json.notifications.map((n: { title: string }) => n.title)).toEqual(['Bob only']);
  });

  it('marks read the caller’s own notifications only; read-all clears the rest', async () => {
    const ada = await person(server.url);
    const bob = await person(server.url);
    const [a1, a2, a3] = [await tell(ada.id, 'a1'), await tell(ada.id, 'a2'), await tell(ada.id, 'a3')];
    const b1 = await tell(bob.id, 'b1');

    const marked = await ada.browser.post('/api/notifications/read', { ids: [a1.id, a3.id, b1.id] });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.json).toEqual({ updated: 2, unreadCount: 1 });
    // Bob's notification is untouched by Ada's call.
    expect((await bob.browser.get('/api/notifications')).json.unreadCount).toBe(1);
    const list = (await ada.browser.get('/api/notifications')).json;
    const readAt = Object.fromEntries(list.notifications.map((n: { id: number; readAt: unknown }) => [n.id, n.readAt]));
    expect(readAt[a2.id]).toBeNull();
    expect(typeof readAt[a1.id]).toBe('string');
    // Marking again changes nothing.
    expect((await ada.browser.post('/api/notifications/read', { ids: [a1.id] })).json).toEqual({
      updated: 0,
      unreadCount: 1,
    });
    expect((await ada.browser.post('/api/notifications/read-all')).json).toEqual({ updated: 1, unreadCount: 0 });
    expect((await bob.browser.get('/api/notifications')).json.unreadCount).toBe(1);
  });

  it('answers bad input with 400 and a sentence, and signed-out callers with 401', async () => {
    const ada = await person(server.url);
    const cases: [string, unknown, RegExp][] = [
      ['/api/notifications/read', {}, /ids/],
      ['/api/notifications/read', { ids: [] }, /at least one/],
      ['/api/notifications/read', { ids: ['x'] }, /whole numbers/],
      ['/api/notifications/read', { ids: Array.from({ length: 501 }, (_, i) => i + 1) }, /at most 500/],
      ['/api/notifications/read', [1, 2], /JSON object/],
    ];
    for (const [path, body, message] of cases) {
      const res = await ada.browser.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'cursor=-1', 'cursor=1e3']) {
      const res = await ada.browser.get(`/api/notifications?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
    const anonymous = await fetch(`${server.url}/api/notifications`);
    expect(anonymous.status).toBe(401);
  });

  it(`keeps the newest ${NOTIFICATIONS_KEPT_PER_USER} per user and deletes older ones as new ones arrive`, async () => {
    const ada = await person(server.url);
    const bob = await person(server.url);
    const bobs = await tell(bob.id, 'Bob keeps his');
    const ids: number[] = [];
    for (let i = 0; i < NOTIFICATIONS_KEPT_PER_USER + 3; i++) ids.push((await tell(ada.id, `n${i}`)).id);
    let all: number[] = [];
    let cursor: number | null = null;
    do {
      const page: { json: { notifications: { id: number }[]; nextCursor: number | null; unreadCount: number } } =
        await ada.browser.get(`/api/notifications?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      all = all.concat(page.json.notifications.map((n) => n.id));
      cursor = page.json.nextCursor;
      expect(page.json.unreadCount).toBe(NOTIFICATIONS_KEPT_PER_USER);
    } while (cursor !== null);
    expect(all).toEqual(ids.slice(3).reverse());
    expect((await bob.browser.get('/api/notifications')).json.notifications.map((n: { id: number }) => n.id)).toEqual([
      bobs.id,
    ]);
  }, 120_000);

  it('clips long text, and refuses links that leave the site', async () => {
    const ada = await person(server.url);
    const long = await tell(ada.id, 'T'.repeat(500), { body: 'B'.repeat(5_000), data: { alertId: 7 } });
    expect(long.title).toHaveLength(120);
    expect(long.body).toHaveLength(1_000);
    expect(long.data).toEqual({ alertId: 7 });
    for (const link of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example']) {
      await expect(tell(ada.id, 'x', { link })).rejects.toThrow(/path on this site/);
    }
  });
});

describe('notifications.live', () => {
  it('reads for the feeds one notification wakes in one statement, and each feed gets it once', async () => {
    const ada = await person(server.url);
    const stop = new AbortController();
    const start = (await tell(ada.id, 'before the feeds')).id;
    // Six tabs of Ada's: their reads after one wake-up go together (it was one statement per feed).
    const feeds = Array.from({ length: 6 }, () => notificationFeed(server.deps, ada.id, start, stop.signal));
    try {
      const pending = feeds.map((feed) => feed.next());
      await vi.waitFor(() => expect(server.deps.notifications.wakeups.size).toBeGreaterThanOrEqual(feeds.length));
      await new Promise((resolve) => setImmediate(resolve));
      const readsBefore = feedReads;
      const stored = await tell(ada.id, 'to six tabs');
      const firsts = await Promise.all(pending);
      for (const first of firsts) {
        // A tracked event: [id, data].
        expect(first.value?.[0]).toBe(String(stored.id));
        expect(first.value?.[1]).toEqual({ type: 'notification', notification: stored });
      }
      expect(feedReads - readsBefore).toBe(1);
    } finally {
      stop.abort();
      await Promise.all(feeds.map((feed) => feed.return(undefined)));
    }
  });

  it('delivers new notifications to every open feed of the user, and nothing of anyone else’s', async () => {
    const ada = await person(server.url);
    const bob = await person(server.url);
    await tell(ada.id, 'before the feed');
    const [tabA, tabB] = [
      await TrpcSocket.open(server.url, { cookie: ada.cookie }),
      await TrpcSocket.open(server.url, { cookie: ada.cookie }),
    ];
    sockets.push(tabA, tabB);
    const feeds = [tabA.subscribe('notifications.live', undefined), tabB.subscribe('notifications.live', undefined)];
    for (const feed of feeds) expect((await feed.outcome).ok).toBe(true);
    await tell(bob.id, 'for Bob');
    const sent = await tell(ada.id, 'Price above 200', { data: { symbol: 'AAPL' } });
    for (const feed of feeds) {
      await vi.waitFor(() => expect(feed.data.length).toBe(1), { timeout: 3_000 });
      expect(feed.data[0]).toEqual({ id: String(sent.id), data: { type: 'notification', notification: sent } });
    }
    tabA.close();
    tabB.close();
  });

  it('catches up after a reconnect with the last event id: each missed notification once, in order', async () => {
    const ada = await person(server.url);
    const socket = await TrpcSocket.open(server.url, { cookie: ada.cookie });
    sockets.push(socket);
    const live = socket.subscribe('notifications.live', undefined);
    expect((await live.outcome).ok).toBe(true);
    const seen = await tell(ada.id, 'seen');
    await vi.waitFor(() => expect(live.data.length).toBe(1), { timeout: 3_000 });
    socket.close();
    await socket.closed;

    // More than one database batch (100) while away, and more arriving during the catch-up.
    const missed: number[] = [];
    for (let i = 0; i < 130; i++) missed.push((await tell(ada.id, `missed ${i}`)).id);
    const again = await TrpcSocket.open(server.url, { cookie: ada.cookie });
    sockets.push(again);
    const resumed = again.subscribe('notifications.live', { lastEventId: String(seen.id) });
    const during = Promise.all(Array.from({ length: 5 }, (_, i) => tell(ada.id, `during ${i}`)));
    expect((await resumed.outcome).ok).toBe(true);
    const duringIds = (await during).map((n) => n.id);
    await vi.waitFor(() => expect(resumed.data.length).toBeGreaterThanOrEqual(135), { timeout: 5_000 });
    const ids = resumed.data.map((e: { data: { notification: { id: number } } }) => e.data.notification.id);
    expect(ids).toEqual([...missed, ...duringIds].sort((x, y) => x - y));
    expect(resumed.data.map((e: { id: string }) => e.id)).toEqual(ids.map(String));
    again.close();
  });

  it('tells other tabs when notifications were marked read, with the new unread count', async () => {
    const ada = await person(server.url);
    const n1 = await tell(ada.id, 'one');
    await tell(ada.id, 'two');
    const socket = await TrpcSocket.open(server.url, { cookie: ada.cookie });
    sockets.push(socket);
    const live = socket.subscribe('notifications.live', undefined);
    expect((await live.outcome).ok).toBe(true);
    await ada.browser.post('/api/notifications/read', { ids: [n1.id] });
    await vi.waitFor(() => expect(live.data.length).toBe(1), { timeout: 3_000 });
    expect(live.data[0].data).toEqual({ type: 'read', unreadCount: 1 });
    socket.close();
  });

  it('refuses signed-out subscribers and ends with the session', async () => {
    const anonymous = await TrpcSocket.open(server.url);
    sockets.push(anonymous);
    const refused = await anonymous.subscribe('notifications.live', undefined).outcome;
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.httpStatus).toBe(401);
    anonymous.close();

    const ada = await person(server.url);
    const socket = await TrpcSocket.open(server.url, { cookie: ada.cookie });
    sockets.push(socket);
    const live = socket.subscribe('notifications.live', undefined);
    expect((await live.outcome).ok).toBe(true);
    expect((await ada.browser.post('/api/auth/logout')).status).toBe(200);
    expect((await socket.closed).code).toBe(4401);
    await tell(ada.id, 'after logout');
    expect(live.data).toEqual([]);
  });
});

describe('POST /api/notifications/test', () => {
  it('sends the user a test notification, five in ten minutes', async () => {
    const ada = await person(server.url);
    for (let i = 0; i < 5; i++) {
      const res = await ada.browser.post('/api/notifications/test');
      expect(res.status, res.text).toBe(201);
      expect(res.json).toMatchObject({ kind: 'test', title: 'Test notification', link: '/' });
    }
    const sixth = await ada.browser.post('/api/notifications/test');
    expect(sixth.status).toBe(429);
    expect(sixth.json.message).toMatch(/several test notifications/);
    expect((await ada.browser.get('/api/notifications')).json.unreadCount).toBe(5);
  });
});

describe('delivery preferences', () => {
  it('default to in-app and push, no e-mail; changes keep the fields not named', async () => {
    const ada = await person(server.url);
    expect((await ada.browser.get('/api/notifications/preferences')).json).toEqual({
      inApp: true,
      push: true,
      email: false,
      pushDevices: 0,
      emailAvailable: false,
    });
    const changed = await ada.browser.put('/api/notifications/preferences', { email: true });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ push: true, email: true });
    expect((await ada.browser.put('/api/notifications/preferences', { push: false })).json).toMatchObject({
      push: false,
      email: true,
    });
    const bad = await ada.browser.put('/api/notifications/preferences', { email: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/email must be true or false/);
    const unknown = await ada.browser.put('/api/notifications/preferences', { sms: true });
    expect(unknown.status).toBe(400);
  });
});
