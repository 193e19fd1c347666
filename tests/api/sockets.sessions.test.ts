import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdHash } from '../../src/server/crypto/sha256';
import { tablesOf } from '../../src/server/db/schema';
import { setBanned } from '../../src/server/modules/auth/banning';
import { openSocket, TrpcSocket, closedOf } from '../helpers/sockets';
import { startTestServer, type TestServer, databaseEnv } from '../helpers/testServer';
import { within } from '../helpers/waitFor';
import { Browser, PASSWORD, sessionCookieOf, signUp } from './auth-helpers';

/**
 * Issue 7 item 1: a websocket never acts for a user after their session ended (logout, password change, expiry) or
 * they were banned, and it is closed: at once when the session ends in this process, within the periodic check
 * when another process bans the user, and at the latest on its next operation.
 */

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
const BANNED = { code: 4403, reason: 'Account suspended' };
const ENDED = { code: 4401, reason: 'Session ended' };

let server: TestServer;
/** Periodic check off (10 minutes): what it proves is the per-operation re-check alone. */
let quiet: TestServer;
beforeAll(async () => {
  [server, quiet] = await Promise.all([
    startTestServer({ TRUST_PROXY: '1', WS_SESSION_CHECK_MS: '100' }),
    startTestServer({ TRUST_PROXY: '1', WS_SESSION_CHECK_MS: '600000' }),
  ]);
});
afterAll(async () => {
  await server?.close();
  await quiet?.close();
});

/** A signed-up user: their browser and the session cookie to open sockets with. */
async function signedUp(target: TestServer) {
  const browser = new Browser(target.url);
  const { email, res } = await signUp(browser);
  return { browser, email, cookie: sessionCookieOf(res.headers) };
}

async function firstName(target: TestServer, email: string): Promise<string> {
  const { users } = tablesOf(target.deps.db);
  const [row] = await target.deps.db.select({ firstName: users.firstName }).from(users).where(eq(users.email, email));
  return row.firstName;
}

const rename = (socket: TrpcSocket, firstName: string) =>
  socket.call('mutation', 'auth.updateProfile', { firstName, lastName: 'Lovelace' });

describe('a /trpc socket and the end of its session', () => {
  it('acts for the user while the session lives', async () => {
    const { email, cookie } = await signedUp(server);
    const socket = await TrpcSocket.open(server.url, { cookie });
    const renamed = await rename(socket, 'Ada');
    expect(renamed.ok).toBe(true);
    expect((await socket.call('query', 'auth.user')).ok).toBe(true);
    expect(await firstName(server, email)).toBe('Ada');
    socket.close();
  });

  it('is closed on logout and cannot change the profile afterwards', async () => {
    const { browser, email, cookie } = await signedUp(server);
    const socket = await TrpcSocket.open(server.url, { cookie });
    const quotes = socket.subscribe('stocks.live', { symbols: ['AAPL'] });
    expect((await quotes.outcome).ok).toBe(true);

    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    // Sent right after the logout answer: either refused as signed out or never run because the socket closed.
    const after = await rename(socket, 'Mallory');
    expect(after.ok).toBe(false);
    if (!after.ok) expect(['UNAUTHORIZED', 'CLOSED']).toContain(after.error.code);
    expect(await within(socket.closed, 2_000, 'close after logout')).toEqual(ENDED);
    // The stream ends with the session ('stopped'), at the latest with the socket ('closed').
    expect(['stopped', 'closed']).toContain(await within(quotes.ended, 2_000, 'subscription end'));
    expect(await firstName(server, email)).toBe('Ada');
  });

  it('other devices are closed by a password change; the changer keeps theirs', async () => {
    const { browser, email, cookie } = await signedUp(server);
    const laptop = new Browser(server.url);
    const login = await laptop.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    const own = await TrpcSocket.open(server.url, { cookie });
    const other = await TrpcSocket.open(server.url, { cookie: sessionCookieOf(login.headers) });

    const changed = await browser.put('/api/auth/password', {
      currentPassword: PASSWORD,
      newPassword: 'a new secret 99',
    });
    expect(changed.status).toBe(200);
    expect(await within(other.closed, 2_000, 'close of the other device')).toEqual(ENDED);
    expect((await rename(other, 'Mallory')).ok).toBe(false);
    expect(await firstName(server, email)).toBe('Ada');

    expect(own.isOpen).toBe(true);
    expect((await rename(own, 'Grace')).ok).toBe(true);
    expect(await firstName(server, email)).toBe('Grace');
    own.close();
  });

  it('is closed when the operator bans the user from another process, subscriptions and all', async () => {
    const { email, cookie } = await signedUp(server);
    const socket = await TrpcSocket.open(server.url, { cookie });
    const quotes = socket.subscribe('stocks.live', { symbols: ['MSFT'] });
    expect((await quotes.outcome).ok).toBe(true);
    const ws = await openSocket(server.url, '/ws', { cookie });
    if (ws.kind !== 'open') throw new Error(`/ws refused: ${ws.status}`);
    const wsClosed = closedOf(ws.ws);

    await run(join(root, 'node_modules/.bin/tsx'), ['scripts/user.ts', 'ban', email], {
      cwd: root,
      env: { ...process.env, ...databaseEnv(server), LOG_LEVEL: 'silent' },
    });
    // No request of the user's is needed: the periodic check (100 ms here) finds the ban.
    expect(await within(socket.closed, 3_000, 'close after ban')).toEqual(BANNED);
    expect(await within(wsClosed, 3_000, '/ws close after ban')).toEqual(BANNED);
    expect(['stopped', 'closed']).toContain(await quotes.ended);
  });

  it('is closed when its session expires or is deleted behind the server’s back', async () => {
    const { sessions } = tablesOf(server.deps.db);
    const { cookie } = await signedUp(server);
    const socket = await TrpcSocket.open(server.url, { cookie });
    const sessionId = cookie.split('=')[1];
    await server.deps.db
      .update(sessions)
      .set({ expiresAt: 0 })
      .where(eq(sessions.id, sessionIdHash(sessionId)));
    expect(await within(socket.closed, 3_000, 'close after expiry')).toEqual(ENDED);
  });
});

describe('every operation re-checks the session (periodic check off)', () => {
  it('a ban made elsewhere: the next call answers 403 banned and the socket closes', async () => {
    const { email, cookie } = await signedUp(quiet);
    const socket = await TrpcSocket.open(quiet.url, { cookie });
    expect((await rename(socket, 'Ada')).ok).toBe(true);

    expect((await setBanned(quiet.deps.db, email, true)).kind).toBe('changed');
    const refused = await rename(socket, 'Mallory');
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', httpStatus: 403, app: { banned: true } } });
    expect(await firstName(quiet, email)).toBe('Ada');
    expect(await within(socket.closed, 2_000, 'close after the refused call')).toEqual(BANNED);
  });

  it('a session deleted elsewhere: calls answer 401 and the socket closes', async () => {
    const { sessions } = tablesOf(quiet.deps.db);
    const { cookie } = await signedUp(quiet);
    const socket = await TrpcSocket.open(quiet.url, { cookie });
    await quiet.deps.db.delete(sessions).where(eq(sessions.id, sessionIdHash(cookie.split('=')[1])));
    const user = await socket.call('query', 'auth.user');
    // Signed out now: auth.user answers null, as over HTTP.
    expect(user).toEqual({ ok: true, data: null });
    expect(await within(socket.closed, 2_000, 'close after the call')).toEqual(ENDED);
  });
});

describe('/ws', () => {
  it('refuses a connection without a valid session, in the { message } shape', async () => {
    for (const cookie of [
      undefined,
      'tickwise_session=nosuchsession0000000000000000000000000',
      'tickwise_session=%E0%A4%A',
    ]) {
      const outcome = await openSocket(server.url, '/ws', { cookie });
      expect(outcome).toEqual({
        kind: 'refused',
        status: 401,
        body: { message: 'Sign in to use real-time messaging' },
      });
    }
  });

  it('refuses a banned user with 403 { banned: true }', async () => {
    const { email, cookie } = await signedUp(server);
    await setBanned(server.deps.db, email, true);
    const outcome = await openSocket(server.url, '/ws', { cookie });
    expect(outcome).toMatchObject({ kind: 'refused', status: 403, body: { banned: true } });
  });

  it('accepts a signed-in user, registers the socket, and closes it on logout', async () => {
    const { browser, cookie } = await signedUp(server);
    const outcome = await openSocket(server.url, '/ws', { cookie });
    if (outcome.kind !== 'open') throw new Error(`refused: ${outcome.status}`);
    const userId = (await browser.get('/api/auth/user')).json.id;
    expect(server.app.websockets.registry.userConnections(userId, '/ws')).toHaveLength(1);
    const closed = closedOf(outcome.ws);
    await browser.post('/api/auth/logout');
    expect(await within(closed, 2_000, '/ws close after logout')).toEqual(ENDED);
    expect(server.app.websockets.registry.userConnections(userId)).toHaveLength(0);
  });

  it('refuses foreign origins', async () => {
    const { cookie } = await signedUp(server);
    const outcome = await openSocket(server.url, '/ws', { cookie, origin: 'https://evil.example' });
    expect(outcome).toEqual({ kind: 'refused', status: 403, body: { message: 'Cross-origin request refused' } });
  });
});
