import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionIdHash } from '../../src/server/crypto/sha256';
import { tablesOf } from '../../src/server/db/schema';
import { capturingLogger } from '../helpers/capturingLogger';
import { startTestServer, testDialect, writeFromElsewhere, type TestServer } from '../helpers/testServer';
import { Browser, PASSWORD, signUp } from './auth-helpers';

/**
 * Issue 26 items 5 and 6: a session id must not be readable anywhere but in the browser's cookie. The table keeps its
 * SHA-256, a failed query's values never reach the log, and the bus (NOTIFY on PostgreSQL, which any role allowed to
 * LISTEN reads) names sessions by their hash.
 */

const logs = capturingLogger('info');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' }, { log: logs.log });
});
afterAll(async () => server?.close());

const SESSION = 'tickwise_session';

async function signedIn(): Promise<{ browser: Browser; email: string; userId: string; sessionId: string }> {
  const browser = new Browser(server.url);
  const { email, user } = await signUp(browser);
  const sessionId = browser.cookie(SESSION);
  if (!sessionId) throw new Error('no session cookie after sign-up');
  return { browser, email, userId: user.id as string, sessionId };
}

/** A browser that presents `sessionId` as its cookie, as someone who copied it from a table or a log would. */
function replay(sessionId: string): Browser {
  const browser = new Browser(server.url);
  return Object.assign(browser, {
    request: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      Browser.prototype.request.call(browser, method, path, body, { cookie: `${SESSION}=${sessionId}`, ...headers }),
  });
}

describe('the sessions table', () => {
  it('keeps the SHA-256 of each session id, never the id, and a stored value signs nobody in', async () => {
    const { sessions } = tablesOf(server.deps.db);
    const { browser, userId, sessionId } = await signedIn();
    const rows = await server.deps.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows.map((r) => r.id)).toEqual([sessionIdHash(sessionId)]);
    expect(JSON.stringify(rows)).not.toContain(sessionId);

    expect((await replay(rows[0].id).get('/api/auth/user')).status).toBe(401);
    expect((await replay(sessionId).get('/api/auth/user')).status).toBe(200);

    // Sign-out removes the row found by the hash.
    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    expect(await server.deps.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
  });
});

describe('a failed query in the log', () => {
  it('names the query but none of its values: neither the session id nor its hash', async () => {
    const { browser, sessionId } = await signedIn();
    const rename = (from: string, to: string) =>
      writeFromElsewhere(
        server,
        { sqlite: `alter table ${from} rename to ${to}`, postgres: `alter table ${from} rename to ${to}` },
        [],
      );
    const before = logs.lines.length;
    await rename('sessions', 'sessions_moved');
    try {
      expect((await browser.get('/api/auth/user')).status).toBe(500);
      expect((await browser.get('/trpc/auth.user')).status).toBe(500);
    } finally {
      await rename('sessions_moved', 'sessions');
    }
    const lines = logs.lines.slice(before);
    const failures = lines.filter((line) => JSON.stringify(line).includes('Failed query'));
    expect(failures.length, JSON.stringify(lines)).toBeGreaterThanOrEqual(2);
    for (const line of failures) expect(JSON.stringify(line)).toContain('params: [redacted]');
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(sessionId);
    expect(logged).not.toContain(sessionIdHash(sessionId));
    expect((await browser.get('/api/auth/user')).status).toBe(200);
  });
});

describe('the bus when a password changes', () => {
  it('carries the kept session as a hash: what a listener hears signs nobody in', async () => {
    const { browser, email, sessionId } = await signedIn();
    const other = new Browser(server.url);
    expect((await other.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    const otherId = other.cookie(SESSION)!;

    // What another process hears: the NOTIFY payloads on PostgreSQL, the events themselves on SQLite.
    const heard: string[] = [];
    const stop = server.deps.bus.subscribe('user.sessionsEnded', (event) => void heard.push(JSON.stringify(event)));
    const listener = testDialect === 'postgres' ? await listenToBus(server.deps.config.DATABASE_URL!, heard) : null;
    try {
      const changed = await browser.put('/api/auth/password', {
        currentPassword: PASSWORD,
        newPassword: 'a fresh secret 99',
      });
      expect(changed.status).toBe(200);
      await vi.waitFor(() => expect(heard.length, 'the event heard').toBeGreaterThanOrEqual(listener ? 2 : 1), {
        timeout: 3_000,
      });
    } finally {
      stop();
      await listener?.end();
    }
    const text = heard.join('\n');
    expect(text).toContain(sessionIdHash(sessionId));
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain(otherId);
    // The changer stays signed in, the other session ended; a value heard on the bus is no cookie.
    expect((await browser.get('/api/auth/user')).status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await replay(sessionIdHash(sessionId)).get('/api/auth/user')).status).toBe(401);
  });
});

/** LISTENs on the bus's channel with a connection of its own, as a database role with no table access could. */
async function listenToBus(url: string, heard: string[]): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  client.on('notification', (message) => {
    if (message.payload?.includes('user.sessionsEnded')) heard.push(message.payload);
  });
  await client.query('listen tickwise_bus');
  return client;
}
