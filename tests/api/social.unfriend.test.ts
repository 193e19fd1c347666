import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { setBanned } from '../../src/server/modules/auth/banning';
import { SOCIAL_MESSAGES as M } from '../../src/shared/social/messages';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { befriend, person, sendText, type Person } from './social-helpers';

/**
 * Issue 17, item 8: a friendship can end. Unfriend and block close the conversation to both sides; a block also
 * hides the two from each other's search, both ways, and makes requests between them reach nobody. Messages to a
 * banned friend are refused. Every refusal is the stranger's 404, word for word.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => server?.close());

const STRANGER = { status: 404, json: { message: M.userNotFound } };
const answerOf = (res: { status: number; json: unknown }) => ({ status: res.status, json: res.json });
const friendIds = async (who: Person) => (await who.browser.get('/api/friends')).json.map((f: { id: unknown }) => f.id);
const searchIds = async (who: Person, q: string) =>
  (await who.browser.get(`/api/users/search?q=${encodeURIComponent(q)}`)).json.map((h: { id: unknown }) => h.id);

describe('unfriend', () => {
  it('ends the friendship for both: lists, conversation and sending answer as for a stranger', async () => {
    const [ann, bob, stranger] = [await person(server.url), await person(server.url), await person(server.url)];
    await befriend(ann, bob);
    expect((await sendText(bob, ann, 'hello')).status).toBe(201);

    const res = await ann.browser.post(`/api/friends/${bob.id}/unfriend`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: M.friendRemoved });
    expect(await friendIds(ann)).toEqual([]);
    expect(await friendIds(bob)).toEqual([]);

    for (const [from, to] of [
      [ann, bob],
      [bob, ann],
    ]) {
      expect(answerOf(await sendText(from, to, 'still there?'))).toEqual(STRANGER);
      expect(answerOf(await from.browser.get(`/api/direct-messages/${to.id}`))).toEqual(STRANGER);
      // Exactly what a stranger gets.
      expect(answerOf(await sendText(from, stranger, 'hi'))).toEqual(STRANGER);
    }
    // Unfriending someone who is not a friend (any more) is the stranger's 404 too; they may become friends again.
    expect(answerOf(await ann.browser.post(`/api/friends/${bob.id}/unfriend`))).toEqual(STRANGER);
    expect(answerOf(await ann.browser.post(`/api/friends/${stranger.id}/unfriend`))).toEqual(STRANGER);
    await befriend(bob, ann);
    expect(await friendIds(ann)).toEqual([bob.id]);
  });
});

describe('block', () => {
  it('ends the friendship, hides both from each other in search, and requests between them reach nobody', async () => {
    const [ann, bob, cat] = [await person(server.url), await person(server.url), await person(server.url)];
    await befriend(ann, bob);
    expect(await searchIds(bob, ann.email)).toEqual([ann.id]);

    const res = await ann.browser.post(`/api/users/${bob.id}/block`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: M.userBlocked });
    expect(await friendIds(ann)).toEqual([]);
    expect(await friendIds(bob)).toEqual([]);
    // Ann's list of blocked people has Bob; Bob's list does not say he was blocked.
    expect((await ann.browser.get('/api/users/blocked')).json).toEqual([
      expect.objectContaining({ id: bob.id, displayName: `${bob.firstName} Tester` }),
    ]);
    expect((await bob.browser.get('/api/users/blocked')).json).toEqual([]);

    for (const [me, other] of [
      [ann, bob],
      [bob, ann],
    ]) {
      expect(await searchIds(me, other.email)).toEqual([]);
      expect(await searchIds(me, other.firstName)).toEqual([]);
      expect(await searchIds(me, other.username)).toEqual([]);
      expect(answerOf(await sendText(me, other, 'hi'))).toEqual(STRANGER);
      expect(answerOf(await me.browser.get(`/api/direct-messages/${other.id}`))).toEqual(STRANGER);
      // A request across the block is answered like any new request, and the other never sees it.
      const sent = await me.browser.post('/api/friend-requests/send', { username: other.email });
      expect(sent.status).toBe(200);
      expect(sent.json.message).toBe(M.requestSent);
      expect((await other.browser.get('/api/friend-requests/pending')).json).toEqual([]);
    }
    // Others still find both.
    expect(await searchIds(cat, ann.email)).toEqual([ann.id]);
    expect(await searchIds(cat, bob.email)).toEqual([bob.id]);

    // Blocking twice changes nothing; yourself is refused; an unknown id is the stranger's 404.
    expect((await ann.browser.post(`/api/users/${bob.id}/block`)).status).toBe(200);
    expect(answerOf(await ann.browser.post(`/api/users/${ann.id}/block`))).toEqual({
      status: 400,
      json: { message: M.notYourselfToBlock },
    });
    expect(answerOf(await ann.browser.post('/api/users/abcdefghijklmnop/block'))).toEqual(STRANGER);
    expect((await ann.browser.post('/api/users/..%2Fx/block')).status).toBe(400);

    // Bob cannot lift Ann's block; Ann can, and then they find each other again (but are not friends).
    await bob.browser.post(`/api/users/${ann.id}/unblock`);
    expect(await searchIds(bob, ann.email)).toEqual([]);
    expect((await ann.browser.post(`/api/users/${bob.id}/unblock`)).json).toEqual({ message: M.userUnblocked });
    expect(await searchIds(bob, ann.email)).toEqual([ann.id]);
    expect(await friendIds(ann)).toEqual([]);
    expect((await ann.browser.get('/api/users/blocked')).json).toEqual([]);
  });

  it('a pending request from the blocked person disappears', async () => {
    const [ann, pest] = [await person(server.url), await person(server.url)];
    expect((await pest.browser.post('/api/friend-requests/send', { username: ann.email })).status).toBe(200);
    expect((await ann.browser.get('/api/friend-requests/pending')).json).toHaveLength(1);
    await ann.browser.post(`/api/users/${pest.id}/block`);
    expect((await ann.browser.get('/api/friend-requests/pending')).json).toEqual([]);
  });
});

describe('banned friends', () => {
  it('messages to a banned friend are refused like a stranger, and the friend leaves the list while banned', async () => {
    const { directMessages } = tablesOf(server.deps.db);
    const [ann, bob] = [await person(server.url), await person(server.url)];
    await befriend(ann, bob);
    await setBanned(server.deps.db, bob.email, true);
    expect(answerOf(await sendText(ann, bob, 'are you there?'))).toEqual(STRANGER);
    expect(answerOf(await ann.browser.get(`/api/direct-messages/${bob.id}`))).toEqual(STRANGER);
    expect(await friendIds(ann)).toEqual([]);
    const [stored] = await server.deps.db
      .select({ n: count() })
      .from(directMessages)
      .where(eq(directMessages.receiverId, bob.id));
    expect(stored.n).toBe(0);
    await setBanned(server.deps.db, bob.email, false);
    expect((await sendText(ann, bob, 'welcome back')).status).toBe(201);
  });
});
