import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { sessionIdHash } from '../../src/server/crypto/sha256';
import { ACCOUNT_MESSAGES } from '../../src/server/modules/account/deleteAccount';
import { TrpcSocket } from '../helpers/sockets';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { within } from '../helpers/waitFor';
import { Browser, PASSWORD, signUp } from './auth-helpers';
import { addHolding, createPortfolio } from './portfolio-helpers';
import { befriend, person, sendText, type Person } from './social-helpers';

/** The account as a whole: "download my data" and "delete my account". */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => server?.close());

/** A person with a public portfolio, a chat conversation and a direct message each way with a friend. */
async function busyPerson(): Promise<{ me: Person; friend: Person; portfolioId: string; link: string }> {
  const { chatConversations, chatMessages } = tablesOf(server.deps.db);
  const me = await person(server.url);
  const friend = await person(server.url);
  const portfolioId = await createPortfolio(me.browser, 'Mine', 'Kept for the export');
  await addHolding(me.browser, portfolioId, 'AAPL', 3, 100);
  const shared = await me.browser.patch(`/api/portfolios/${portfolioId}/visibility`, { isPublic: true });
  const now = Date.now();
  await server.deps.db
    .insert(chatConversations)
    .values({ id: `c-${me.id}`, userId: me.id, title: 'About AAPL', createdAt: now, updatedAt: now });
  await server.deps.db
    .insert(chatMessages)
    .values({ conversationId: `c-${me.id}`, role: 'user', content: 'Is AAPL cheap?', createdAt: now });
  await befriend(me, friend);
  expect((await sendText(me, friend, 'hello from me')).status).toBe(201);
  expect((await sendText(friend, me, 'hello back')).status).toBe(201);
  return { me, friend, portfolioId, link: shared.json.shareableLink };
}

/** The rows a deleted account would have left behind, per table: all must be gone. */
function leftoversOf(me: Person) {
  const db = server.deps.db;
  return {
    users: () => {
      const { users } = tablesOf(db);
      return db.select().from(users).where(eq(users.id, me.id));
    },
    sessions: () => {
      const { sessions } = tablesOf(db);
      return db.select().from(sessions).where(eq(sessions.userId, me.id));
    },
    portfolios: () => {
      const { portfolios } = tablesOf(db);
      return db.select().from(portfolios).where(eq(portfolios.userId, me.id));
    },
    chat_conversations: () => {
      const { chatConversations } = tablesOf(db);
      return db.select().from(chatConversations).where(eq(chatConversations.userId, me.id));
    },
    chat_messages: () => {
      const { chatMessages } = tablesOf(db);
      return db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, `c-${me.id}`));
    },
    direct_messages: () => {
      const { directMessages } = tablesOf(db);
      return db
        .select()
        .from(directMessages)
        .where(or(eq(directMessages.senderId, me.id), eq(directMessages.receiverId, me.id)));
    },
    friend_requests: () => {
      const { friendRequests } = tablesOf(db);
      return db
        .select()
        .from(friendRequests)
        .where(or(eq(friendRequests.senderId, me.id), eq(friendRequests.receiverId, me.id)));
    },
    sign_in_attempts: () => {
      const { signInAttempts } = tablesOf(db);
      return db.select().from(signInAttempts).where(eq(signInAttempts.email, me.email));
    },
  };
}

describe('GET /api/account/export', () => {
  it('downloads the profile, portfolios with holdings, conversations and messages as a JSON file', async () => {
    const { me } = await busyPerson();
    const res = await me.browser.get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tickwise-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.json.profile).toMatchObject({ id: me.id, email: me.email, username: me.username });
    expect(res.json.profile.passwordHash).toBeUndefined();
    expect(res.text).not.toContain('argon2');
    expect(res.json.portfolios).toEqual([
      expect.objectContaining({
        name: 'Mine',
        description: 'Kept for the export',
        holdings: [expect.objectContaining({ symbol: 'AAPL', quantity: '3' })],
      }),
    ]);
    expect(res.json.conversations).toEqual([
      expect.objectContaining({
        title: 'About AAPL',
        messages: [expect.objectContaining({ role: 'user', content: 'Is AAPL cheap?' })],
      }),
    ]);
    expect(res.json.directMessages.map((m: { content: string }) => m.content)).toEqual(['hello from me', 'hello back']);
    expect(res.json.friendRequests).toHaveLength(1);
  });

  it('includes the ledger, blocks, usage, sign-in records and sessions, and lists pending requests sent alike, seen or not', async () => {
    const { usageCounters } = tablesOf(server.deps.db);
    const { me, portfolioId } = await busyPerson();
    const day = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const deposit = await me.browser.post(`/api/portfolios/${portfolioId}/activities`, {
      type: 'deposit',
      date: day,
      amount: '2500',
      note: 'Kept for the export',
    });
    expect(deposit.status, deposit.text).toBe(201);
    const blocked = await person(server.url);
    expect((await me.browser.post(`/api/users/${blocked.id}/block`)).status).toBe(200);
    // Someone who blocked me is not my data.
    const blocker = await person(server.url);
    expect((await blocker.browser.post(`/api/users/${me.id}/block`)).status).toBe(200);
    const stranger = await person(server.url);
    const toStranger = await me.browser.post('/api/friend-requests/send', { username: stranger.email });
    const toNobody = await me.browser.post('/api/friend-requests/send', { username: 'nobody.export@example.com' });
    expect([toStranger.status, toNobody.status]).toEqual([200, 200]);
    await server.deps.db
      .insert(usageCounters)
      .values({ userId: me.id, day: new Date().toISOString().slice(0, 10), feature: 'chatMessages', used: 3 });
    expect(
      (await new Browser(server.url).post('/api/auth/login', { email: me.email, password: 'wrong one' })).status,
    ).toBe(401);

    const res = await me.browser.get('/api/account/export');
    expect(res.status).toBe(200);
    const [portfolio] = res.json.portfolios;
    expect(portfolio.activities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'deposit', date: day, amount: '2500', note: 'Kept for the export' }),
        expect.objectContaining({ type: 'transfer_in', symbol: 'AAPL', quantity: '3' }),
      ]),
    );
    expect(res.json.blocks).toEqual([expect.objectContaining({ blockerId: me.id, blockedId: blocked.id })]);
    expect(res.text).not.toContain(blocker.id);
    expect(res.json.usage).toEqual([expect.objectContaining({ feature: 'chatMessages', used: 3 })]);
    expect(res.json.signInRecords.map((r: { kind: string; succeeded: boolean }) => [r.kind, r.succeeded])).toEqual([
      ['register', true],
      ['sign-in', false],
    ]);
    expect(res.json.signInRecords[0]).toEqual(
      expect.objectContaining({ ip: me.browser.ip, createdAt: expect.any(Number) }),
    );
    expect(res.json.sessions).toEqual([{ expiresAt: expect.any(Number) }]);
    // A request to an account and one to an address nobody has read the same: id and date, no receiver.
    expect(res.json.pendingRequestsSent).toEqual([
      { id: toStranger.json.request.id, createdAt: expect.any(Number) },
      { id: toNobody.json.request.id, createdAt: expect.any(Number) },
    ]);
    expect(res.text).not.toContain(stranger.id);
    // Nothing secret: no session id or its hash, no password hash.
    expect(res.text).not.toContain(me.cookie.split('=')[1]);
    expect(res.text).not.toContain(sessionIdHash(me.cookie.split('=')[1]));
  });

  it('needs a signed-in user', async () => {
    expect((await new Browser(server.url).get('/api/account/export')).status).toBe(401);
  });
});

describe('DELETE /api/account', () => {
  it('refuses a wrong or missing password and keeps everything', async () => {
    const { me } = await busyPerson();
    const wrong = await me.browser.request('DELETE', '/api/account', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(ACCOUNT_MESSAGES.passwordWrong);
    const missing = await me.browser.request('DELETE', '/api/account', {});
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('password: Enter your password to delete your account');
    const foreign = new Browser(server.url, me.browser.ip, 'https://evil.example');
    // Another site's page posting with the person's cookie is refused before the password is even looked at.
    expect(
      (await foreign.request('DELETE', '/api/account', { password: PASSWORD }, { cookie: me.cookie })).status,
    ).toBe(403);
    expect((await me.browser.get('/api/auth/user')).status).toBe(200);
  });

  it('removes every row the user owns, ends every session and closes their sockets', async () => {
    const { me, friend, link } = await busyPerson();
    const otherDevice = new Browser(server.url);
    expect((await otherDevice.post('/api/auth/login', { email: me.email, password: PASSWORD })).status).toBe(200);
    const socket = await TrpcSocket.open(server.url, { cookie: me.cookie });
    expect((await me.browser.get(`/api/portfolio/shared/${link}`)).status).toBe(200);

    const res = await me.browser.request('DELETE', '/api/account', { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(ACCOUNT_MESSAGES.deleted);
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=0/i);

    expect(await within(socket.closed, 2_000, 'socket close after deletion')).toEqual({
      code: 4401,
      reason: 'Session ended',
    });
    expect((await me.browser.get('/api/auth/user')).status).toBe(401);
    expect((await otherDevice.get('/api/auth/user')).status).toBe(401);
    expect((await friend.browser.get(`/api/portfolio/shared/${link}`)).status).toBe(404);
    for (const [table, rows] of Object.entries(leftoversOf(me))) expect(await rows(), table).toEqual([]);
    // The friend's own account is untouched; the email is free to register again.
    expect((await friend.browser.get('/api/auth/user')).status).toBe(200);
    expect((await signUp(new Browser(server.url), me.email)).user.email).toBe(me.email);
  });
});
