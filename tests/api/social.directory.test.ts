import type { Json } from '../helpers/http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { setBanned } from '../../src/server/modules/auth/banning';
import { USERNAME_MESSAGES } from '../../src/shared/schemas/username';
import { FRIEND_REQUEST_RATE } from '../../src/shared/social/limits';
import { SOCIAL_MESSAGES as M } from '../../src/shared/social/messages';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { uniqueEmail } from './auth-helpers';
import { person, type Person } from './social-helpers';

/**
 * Issue 17, item 5: search plus friend requests must not make a directory of emails. Usernames (which search shows
 * from two characters) are random and chosen by their owner, never the email's local part; a friend request to an
 * address without an account is answered, counted and repeated exactly like one to a real account.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => server?.close());

const send = (from: Person, handle: string) => from.browser.post('/api/friend-requests/send', { username: handle });

/** The parts of an answer that may differ between any two requests (fresh ids, the time) replaced by their shape. */
function shapeOf(res: { status: number; json: Json }) {
  const request = res.json?.request;
  return {
    status: res.status,
    body: request
      ? {
          ...res.json,
          request: {
            ...request,
            id: typeof request.id,
            receiverId: /^[a-z0-9]{16}$/.test(request.receiverId),
            createdAt: 'time',
            updatedAt: 'time',
          },
        }
      : res.json,
  };
}

describe('usernames', () => {
  it('search by the first letters of an email finds no one: usernames are random, not the local part', async () => {
    const seeker = await person(server.url);
    const target = await person(server.url, `Quinn${process.pid}`);
    expect(target.username).toMatch(/^[a-z]+-\d{4}[a-z]$/);
    expect(target.email).toContain(target.firstName.toLowerCase());
    // The email starts with the first name; the username does not, so searching the local part finds no one.
    expect(target.username).not.toContain(target.email.split('@')[0].slice(0, 4));
    const byLocalPart = await seeker.browser.get(
      `/api/users/search?q=${encodeURIComponent(target.email.split('@')[0])}`,
    );
    expect(byLocalPart.json).toEqual([]);
  });

  it('can be chosen in the profile: rules with words, taken ones refused with 409, then found by it', async () => {
    const [ann, bob] = [await person(server.url, 'Ann'), await person(server.url, 'Bob')];
    const profile = (who: Person, username: unknown) =>
      who.browser.put('/api/auth/profile', { firstName: who.firstName, lastName: 'Tester', username });

    for (const [bad, message] of [
      ['ab', USERNAME_MESSAGES.tooShort],
      ['x'.repeat(25), USERNAME_MESSAGES.tooLong],
      ['ann@example.com', USERNAME_MESSAGES.characters],
      ['ann lee', USERNAME_MESSAGES.characters],
    ] as const) {
      const res = await profile(ann, bad);
      expect(res.status, bad).toBe(400);
      expect(res.json.message).toBe(`username: ${message}`);
    }

    const wanted = `Ada.${process.pid}`;
    const chosen = await profile(ann, wanted);
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.json.user.username).toBe(wanted.toLowerCase());
    expect((await ann.browser.get('/api/auth/user')).json.username).toBe(wanted.toLowerCase());

    const taken = await profile(bob, wanted.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({ message: `username: ${USERNAME_MESSAGES.taken}` });

    // Keeping one's own name is not "taken"; leaving it out keeps it.
    expect((await profile(ann, wanted)).status).toBe(200);
    const kept = await ann.browser.put('/api/auth/profile', { firstName: 'Ann', lastName: 'Tester' });
    expect(kept.json.user.username).toBe(wanted.toLowerCase());

    const found = await bob.browser.get(`/api/users/search?q=${encodeURIComponent(wanted.toLowerCase())}`);
    expect(found.json.map((h: { id: unknown }) => h.id)).toEqual([ann.id]);
    expect((await send(bob, wanted)).status).toBe(200);
  });
});

describe('friend requests to addresses without an account', () => {
  it('answer, repeat and count exactly like requests to real accounts: 0 of 20 guesses tell them apart', async () => {
    const guesser = await person(server.url);
    const real: Person[] = [];
    for (let i = 0; i < FRIEND_REQUEST_RATE.max / 2; i++) real.push(await person(server.url));
    const unknown = Array.from({ length: FRIEND_REQUEST_RATE.max / 2 }, () => uniqueEmail('nobody'));

    // Interleaved, so the hourly budget is shared by both kinds the same way.
    const answers: Array<{ kind: 'real' | 'unknown'; shape: ReturnType<typeof shapeOf> }> = [];
    for (let i = 0; i < real.length; i++) {
      answers.push({ kind: 'real', shape: shapeOf(await send(guesser, real[i].email)) });
      answers.push({ kind: 'unknown', shape: shapeOf(await send(guesser, unknown[i])) });
    }
    const reference = answers[0].shape;
    expect(reference.status).toBe(200);
    expect(reference.body).toEqual({ message: M.requestSent, request: expect.objectContaining({ status: 'pending' }) });
    const distinguishable = answers.filter((a) => JSON.stringify(a.shape) !== JSON.stringify(reference));
    expect(distinguishable).toEqual([]);

    // Asking again: the same 409 for both kinds.
    expect(shapeOf(await send(guesser, unknown[0]))).toEqual(shapeOf(await send(guesser, real[0].email)));
    expect((await send(guesser, unknown[0].toUpperCase())).json).toEqual({ message: M.alreadyPending });

    // Both kinds spent the hourly budget: the next one, real or not, is the same 429.
    const another = await person(server.url);
    const pastLimit = [await send(guesser, another.email), await send(guesser, uniqueEmail('nobody'))];
    expect(pastLimit.map(shapeOf)).toEqual([
      { status: 429, body: { message: M.requestsTooFast } },
      { status: 429, body: { message: M.requestsTooFast } },
    ]);
  });

  it('a banned account is answered like an address nobody has, and its owner never sees the request', async () => {
    const { unseenFriendRequests } = tablesOf(server.deps.db);
    const [sender, banned] = [await person(server.url), await person(server.url)];
    await setBanned(server.deps.db, banned.email, true);
    const res = await send(sender, banned.email);
    expect(shapeOf(res)).toEqual(shapeOf(await send(sender, uniqueEmail('nobody'))));
    await setBanned(server.deps.db, banned.email, false);
    expect((await banned.browser.get('/api/friend-requests/pending')).json).toEqual([]);
    // Nothing about the address is kept in clear.
    const stored = await server.deps.db
      .select()
      .from(unseenFriendRequests)
      .where(eq(unseenFriendRequests.senderId, sender.id));
    expect(JSON.stringify(stored)).not.toContain(banned.email);
    expect(JSON.stringify(stored)).not.toContain(banned.id);
  });
});
