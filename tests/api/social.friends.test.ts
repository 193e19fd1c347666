import { and, count, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { USER_SEARCH_RATE } from '../../src/shared/social/limits';
import { SOCIAL_MESSAGES as M } from '../../src/shared/social/messages';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser } from './auth-helpers';
import { befriend, person, sendText } from './social-helpers';

/**
 * Issue 11, Friends: search privacy, every friend-request rule with its status and words, the friend list and the
 * pending list with the spec's sender fields, for two and three people.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => server?.close());

describe('signed out', () => {
  it('answers 401 on every social path', async () => {
    const anon = new Browser(server.url);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/users/search?q=ada'],
      ['GET', '/api/friends'],
      ['GET', '/api/friend-requests/pending'],
      ['POST', '/api/friend-requests/send', { username: 'ada' }],
      ['POST', '/api/friend-requests/abc/accept'],
      ['POST', '/api/friend-requests/abc/reject'],
      ['GET', '/api/direct-messages/abc'],
      ['POST', '/api/direct-messages/send', { receiverId: 'abc', content: 'hi' }],
      ['POST', '/api/friends/abc/unfriend'],
      ['POST', '/api/users/abc/block'],
      ['POST', '/api/users/abc/unblock'],
    ];
    for (const [method, path, body] of calls) {
      const res = await anon.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ message: 'Unauthorized' });
    }
  });
});

describe('user search', () => {
  it('finds by name and username prefix without emails, by exact email with it, never the caller, at most 10', async () => {
    const tag = `Zed${process.pid}`;
    const me = await person(server.url, `${tag}Me`);
    const others = [];
    for (let i = 0; i < 12; i++) others.push(await person(server.url, `${tag}${String(i).padStart(2, '0')}`));

    const byName = await me.browser.get(`/api/users/search?q=${tag.toLowerCase()}`);
    expect(byName.status).toBe(200);
    expect(byName.json).toHaveLength(10);
    for (const hit of byName.json) {
      expect(hit.id).not.toBe(me.id);
      expect(hit).not.toHaveProperty('email');
      expect(Object.keys(hit).sort()).toEqual([
        'displayName',
        'firstName',
        'id',
        'lastName',
        'profileImageUrl',
        'relationship',
        'username',
      ]);
      expect(JSON.stringify(hit)).not.toContain('@');
    }

    const target = others[3];
    // A username prefix never shows the address.
    const byUsername = await me.browser.get(`/api/users/search?q=${target.username.slice(0, -1)}`);
    expect(byUsername.json.map((h: { id: unknown }) => h.id)).toContain(target.id);
    expect(JSON.stringify(byUsername.json)).not.toContain('@');
    // Even the email's beginning, up to the @, is a prefix: no address.
    const emailPrefix = await me.browser.get(`/api/users/search?q=${encodeURIComponent(target.email.split('@')[0])}`);
    expect(JSON.stringify(emailPrefix.json)).not.toContain('@');

    const exact = await me.browser.get(`/api/users/search?q=${encodeURIComponent(target.email.toUpperCase())}`);
    expect(exact.json).toEqual([
      expect.objectContaining({
        id: target.id,
        email: target.email,
        firstName: target.firstName,
        relationship: 'none',
      }),
    ]);
    // Part of an address is not the address.
    const partial = await me.browser.get(`/api/users/search?q=${encodeURIComponent(target.email.slice(0, -3))}`);
    expect(partial.json).toEqual([]);

    const self = await me.browser.get(`/api/users/search?q=${encodeURIComponent(me.email)}`);
    expect(self.json).toEqual([]);
  });

  it('treats LIKE wildcards literally and refuses queries under 2 characters', async () => {
    const me = await person(server.url);
    expect((await me.browser.get('/api/users/search?q=%25%25')).json).toEqual([]);
    expect((await me.browser.get('/api/users/search?q=__')).json).toEqual([]);
    const short = await me.browser.get('/api/users/search?q=a');
    expect(short.status).toBe(400);
    expect(short.json).toEqual({ message: `q: ${M.searchTooShort}` });
    const blank = await me.browser.get('/api/users/search?q=%20%20%20');
    expect(blank.status).toBe(400);
    expect((await me.browser.get('/api/users/search')).status).toBe(400);
  });

  it('shows how the caller stands with each person', async () => {
    const [a, b, c, d] = [
      await person(server.url),
      await person(server.url),
      await person(server.url),
      await person(server.url),
    ];
    await befriend(a, b);
    expect((await a.browser.post('/api/friend-requests/send', { username: c.email })).status).toBe(200);
    expect((await d.browser.post('/api/friend-requests/send', { username: a.email })).status).toBe(200);
    const relation = async (other: typeof b) =>
      (await a.browser.get(`/api/users/search?q=${encodeURIComponent(other.email)}`)).json[0].relationship;
    expect(await relation(b)).toBe('friend');
    expect(await relation(c)).toBe('request-sent');
    expect(await relation(d)).toBe('request-received');
  });

  it(`is limited to ${USER_SEARCH_RATE.max} searches a minute per user, also when they arrive at once`, async () => {
    const me = await person(server.url);
    const answers = await Promise.all(
      Array.from({ length: USER_SEARCH_RATE.max + 5 }, (_, i) => me.browser.get(`/api/users/search?q=pat${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(USER_SEARCH_RATE.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(answers.find((r) => r.status === 429)!.json).toEqual({ message: M.searchTooFast });
    // Another user's budget is their own.
    const other = await person(server.url);
    expect((await other.browser.get('/api/users/search?q=pat')).status).toBe(200);
  });
});

describe('friend requests', () => {
  it('the whole flow for two people: send by email, pending with the sender fields, accept, friends both ways', async () => {
    const ada = await person(server.url, 'Ada', 'Lovelace');
    const bob = await person(server.url, 'Bob', 'Builder');

    const sent = await ada.browser.post('/api/friend-requests/send', { username: bob.email });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({
      message: M.requestSent,
      request: expect.objectContaining({ senderId: ada.id, receiverId: bob.id, status: 'pending' }),
    });

    expect((await ada.browser.get('/api/friend-requests/pending')).json).toEqual([]);
    const pending = await bob.browser.get('/api/friend-requests/pending');
    expect(pending.json).toEqual([
      {
        id: sent.json.request.id,
        createdAt: expect.any(String),
        sender: {
          id: ada.id,
          username: ada.username,
          firstName: 'Ada',
          lastName: 'Lovelace',
          displayName: 'Ada Lovelace',
          email: ada.email,
          profileImageUrl: null,
        },
      },
    ]);

    const accepted = await bob.browser.post(`/api/friend-requests/${sent.json.request.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.json.message).toBe(M.requestAccepted);
    expect(accepted.json.request.status).toBe('accepted');
    expect(accepted.json.sender.id).toBe(ada.id);
    expect((await bob.browser.get('/api/friend-requests/pending')).json).toEqual([]);

    const adaFriends = (await ada.browser.get('/api/friends')).json;
    expect(adaFriends).toEqual([
      expect.objectContaining({
        id: bob.id,
        email: bob.email,
        firstName: 'Bob',
        unreadCount: 0,
        lastMessage: null,
        friendsSince: expect.any(String),
      }),
    ]);
    expect((await bob.browser.get('/api/friends')).json.map((f: { id: unknown }) => f.id)).toEqual([ada.id]);

    // Accepting again is a conflict with words, not a second friendship.
    const again = await bob.browser.post(`/api/friend-requests/${sent.json.request.id}/accept`);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: M.requestAlreadyAnswered('accepted') });
  });

  it('three people: requests by username and email, one rejected, friends lists and unread counts per friend', async () => {
    const [a, b, c] = [await person(server.url), await person(server.url), await person(server.url)];
    const toB = await a.browser.post('/api/friend-requests/send', { username: b.username.toUpperCase() });
    const toC = await a.browser.post('/api/friend-requests/send', { username: c.email });
    const cToB = await c.browser.post('/api/friend-requests/send', { username: b.email });
    expect([toB.status, toC.status, cToB.status]).toEqual([200, 200, 200]);

    expect(
      (await b.browser.get('/api/friend-requests/pending')).json.map((r: { sender: { id: unknown } }) => r.sender.id),
    ).toEqual([a.id, c.id]);
    expect((await b.browser.post(`/api/friend-requests/${toB.json.request.id}/accept`)).status).toBe(200);
    const rejected = await b.browser.post(`/api/friend-requests/${cToB.json.request.id}/reject`);
    expect(rejected.json).toEqual(
      expect.objectContaining({ message: M.requestRejected, request: expect.objectContaining({ status: 'rejected' }) }),
    );
    expect((await c.browser.post(`/api/friend-requests/${toC.json.request.id}/accept`)).status).toBe(200);

    expect((await a.browser.get('/api/friends')).json.map((f: { id: unknown }) => f.id).sort()).toEqual(
      [b.id, c.id].sort(),
    );
    expect((await b.browser.get('/api/friends')).json.map((f: { id: unknown }) => f.id)).toEqual([a.id]);
    expect((await c.browser.get('/api/friends')).json.map((f: { id: unknown }) => f.id)).toEqual([a.id]);

    // Unread counts are per friend, and the friend with the latest message comes first.
    await sendText(b, a, 'one');
    await sendText(b, a, 'two');
    await sendText(c, a, 'three');
    const friends = (await a.browser.get('/api/friends')).json;
    expect(friends.map((f: { id: unknown; unreadCount: unknown }) => [f.id, f.unreadCount])).toEqual([
      [c.id, 1],
      [b.id, 2],
    ]);
    expect(friends[0].lastMessage).toEqual({
      content: 'three',
      messageType: 'text',
      createdAt: expect.any(String),
      fromMe: false,
    });
    // Reading the conversation clears that friend's count only.
    await a.browser.get(`/api/direct-messages/${b.id}`);
    expect((await a.browser.get('/api/friends')).json.map((f: { unreadCount: unknown }) => f.unreadCount)).toEqual([
      1, 0,
    ]);

    // After a rejection, asking again is allowed (a new pending request).
    const retry = await c.browser.post('/api/friend-requests/send', { username: b.email });
    expect(retry.status).toBe(200);
    expect(retry.json.request.status).toBe('pending');
  });

  it('refuses yourself, unknown usernames, a second pending request and an existing friend, with words', async () => {
    const [a, b, c] = [await person(server.url), await person(server.url), await person(server.url)];
    const cases: Array<[string, number, string]> = [
      [a.email, 400, M.notYourself],
      [a.username, 400, M.notYourself],
      ['no-such-username', 404, M.userNotFound],
    ];
    for (const [username, status, message] of cases) {
      const res = await a.browser.post('/api/friend-requests/send', { username });
      expect(res.status, username).toBe(status);
      expect(res.json).toEqual({ message });
    }
    expect((await a.browser.post('/api/friend-requests/send', { username: b.email })).status).toBe(200);
    const twice = await a.browser.post('/api/friend-requests/send', { username: b.username });
    expect(twice.status).toBe(409);
    expect(twice.json).toEqual({ message: M.alreadyPending });

    await befriend(a, c);
    const friendAgain = await c.browser.post('/api/friend-requests/send', { username: a.email });
    expect(friendAgain.status).toBe(409);
    expect(friendAgain.json).toEqual({ message: M.alreadyFriends });
  });

  it('sending to someone who already asked you accepts their request', async () => {
    const [a, b] = [await person(server.url), await person(server.url)];
    const first = await a.browser.post('/api/friend-requests/send', { username: b.email });
    const back = await b.browser.post('/api/friend-requests/send', { username: a.email });
    expect(back.status).toBe(200);
    expect(back.json.message).toBe(M.requestAccepted);
    expect(back.json.request).toEqual(
      expect.objectContaining({ id: first.json.request.id, status: 'accepted', senderId: a.id }),
    );
    expect((await a.browser.get('/api/friends')).json.map((f: { id: unknown }) => f.id)).toEqual([b.id]);
    expect((await b.browser.get('/api/friend-requests/pending')).json).toEqual([]);
  });

  it('crossing requests sent at the same moment end in one friendship, repeated ones in one request', async () => {
    const { friendRequests } = tablesOf(server.deps.db);
    const [a, b, c] = [await person(server.url), await person(server.url), await person(server.url)];
    const crossing = await Promise.all([
      a.browser.post('/api/friend-requests/send', { username: b.email }),
      b.browser.post('/api/friend-requests/send', { username: a.email }),
    ]);
    expect(crossing.map((r) => r.json.message).sort()).toEqual([M.requestAccepted, M.requestSent].sort());
    const [rows] = await server.deps.db
      .select({ n: count() })
      .from(friendRequests)
      .where(
        or(
          and(eq(friendRequests.senderId, a.id), eq(friendRequests.receiverId, b.id)),
          and(eq(friendRequests.senderId, b.id), eq(friendRequests.receiverId, a.id)),
        ),
      );
    expect(rows.n).toBe(1);

    const repeated = await Promise.all(
      Array.from({ length: 5 }, () => a.browser.post('/api/friend-requests/send', { username: c.email })),
    );
    expect(repeated.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('only the receiver may accept or reject; anyone else gets the 404 of a request that does not exist', async () => {
    const [a, b, c] = [await person(server.url), await person(server.url), await person(server.url)];
    const sent = await a.browser.post('/api/friend-requests/send', { username: b.email });
    const id = sent.json.request.id;
    for (const who of [a, c]) {
      for (const action of ['accept', 'reject']) {
        const res = await who.browser.post(`/api/friend-requests/${id}/${action}`);
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ message: M.requestNotFound });
      }
    }
    const missing = await b.browser.post('/api/friend-requests/abcdefghijklmnop/accept');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: M.requestNotFound });
    const malformed = await b.browser.post('/api/friend-requests/..%2F..%2Fx/accept');
    expect(malformed.status).toBe(400);
    expect((await b.browser.post(`/api/friend-requests/${id}/reject`)).status).toBe(200);
    const late = await b.browser.post(`/api/friend-requests/${id}/accept`);
    expect(late.status).toBe(409);
    expect(late.json).toEqual({ message: M.requestAlreadyAnswered('rejected') });
    expect((await a.browser.get('/api/friends')).json).toEqual([]);
  });

  it('limits how many requests one person sends in an hour', async () => {
    const sender = await person(server.url);
    const targets = [];
    for (let i = 0; i < 21; i++) targets.push(await person(server.url));
    const answers = await Promise.all(
      targets.map((t) => sender.browser.post('/api/friend-requests/send', { username: t.email })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(20);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0].json).toEqual({ message: M.requestsTooFast });
  });
});
