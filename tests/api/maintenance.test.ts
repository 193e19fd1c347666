import { count as countRows, eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser, PASSWORD, passCaptcha, signUp, uniqueEmail } from './auth-helpers';

/**
 * Issue 7 item 7: expired sessions, old sign-in attempts and spent captcha tokens are deleted on a timer that
 * starts with the server and stops when it closes. The server's clock is fixed (deps.now) and moved by the test.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// Lucia dates sessions with the real clock, so the fixed clock starts from it.
let now = Date.now();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true', MAINTENANCE_INTERVAL_MS: '25' }, { now: () => now });
});
afterAll(async () => server?.close());

// The server's own tables (SQLite's or PostgreSQL's, with the engine the project runs on).
const tables = {
  sessions: () => tablesOf(server.deps.db).sessions,
  sign_in_attempts: () => tablesOf(server.deps.db).signInAttempts,
  used_captcha_tokens: () => tablesOf(server.deps.db).usedCaptchaTokens,
  users: () => tablesOf(server.deps.db).users,
};
const count = async (table: keyof typeof tables, where?: SQL) =>
  (await server.deps.db.select({ n: countRows() }).from(tables[table]()).where(where))[0].n;
const oldAttempts = () => count('sign_in_attempts', eq(tables.sign_in_attempts().ip, '10.9.9.9'));

describe('the maintenance timer', () => {
  it('deletes only what is old, then everything once it has all expired', async () => {
    const { signInAttempts } = tablesOf(server.deps.db);
    // A session (30 days), a failed sign-in attempt, a spent captcha token (5 minutes).
    const { email } = await signUp(new Browser(server.url));
    const guesser = new Browser(server.url);
    for (let i = 0; i < 3; i++) await guesser.post('/api/auth/login', { email, password: `wrong-${i}` });
    const solved = await guesser.post('/api/auth/login', {
      email,
      password: PASSWORD,
      ...(await passCaptcha(guesser)),
    });
    expect(solved.status).toBe(200);
    // An attempt from two days ago, as if the server had been running all along.
    await server.deps.db.insert(signInAttempts).values({
      kind: 'sign-in',
      email: uniqueEmail('old'),
      ip: '10.9.9.9',
      succeeded: false,
      createdAt: now - 2 * DAY,
    });

    // The timer removes the old attempt and leaves today's rows alone.
    await expect.poll(oldAttempts, { timeout: 5000 }).toBe(0);
    expect(await count('sessions')).toBe(2);
    expect(await count('sign_in_attempts')).toBe(5);
    expect(await count('used_captcha_tokens')).toBe(1);

    // Ten minutes on, the spent token has expired: it goes, the rest stays.
    now += 10 * 60 * 1000;
    await expect.poll(() => count('used_captcha_tokens'), { timeout: 5000 }).toBe(0);
    expect(await count('sessions')).toBe(2);
    expect(await count('sign_in_attempts')).toBe(5);

    // Thirty-one days on, the sessions have expired and the attempts are past keeping.
    now += 31 * DAY;
    await expect
      .poll(async () => (await count('sessions')) + (await count('sign_in_attempts')), { timeout: 5000 })
      .toBe(0);
    expect(await count('users')).toBe(1);
  });
});
