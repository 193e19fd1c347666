import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { setBanned } from '../../src/server/modules/auth/banning';
import { startTestServer, type TestServer, databaseEnv } from '../helpers/testServer';
import { Browser, PASSWORD, passCaptcha, registerBody, signUp, uniqueEmail } from './auth-helpers';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');

const now = Date.UTC(2025, 5, 2, 12, 0);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' }, { now: () => now });
});
afterAll(async () => server?.close());

const browser = (ip?: string) => new Browser(server.url, ip);
const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/** The operator command itself, against the test server's database file. */
function userCommand(...args: string[]) {
  return run(join(root, 'node_modules/.bin/tsx'), ['scripts/user.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...databaseEnv(server), LOG_LEVEL: 'silent' },
  });
}

describe('banned users', () => {
  it('get 403 { banned: true } on every authenticated path, and may still sign out', async () => {
    const { users } = tablesOf(server.deps.db);
    const b = browser();
    const { email } = await signUp(b);
    expect((await setBanned(server.deps.db, email, true)).kind).toBe('changed');

    const calls = [
      () => b.get('/api/auth/user'),
      () => b.put('/api/auth/profile', { firstName: 'Ann', lastName: 'Lee' }),
      () => b.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'another one' }),
      () => b.get('/api/usage-stats'),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        message: 'Your account has been suspended. If you believe this is an error, please contact our support team.',
        banned: true,
      });
    }
    // The tRPC side says the same, under data.app.
    const trpc = await b.get('/trpc/usage.stats');
    expect(trpc.status).toBe(403);
    expect(trpc.json.error.json.data.app.banned).toBe(true);

    // Nothing was changed by the refused calls.
    const [row] = await server.deps.db.select({ firstName: users.firstName }).from(users).where(eq(users.email, email));
    expect(row.firstName).toBe('Ada');

    expect((await b.post('/api/auth/logout')).status).toBe(200);
    expect((await b.get('/api/auth/user')).status).toBe(401);
  });

  it('are told so on sign-in (right password only) and get no session', async () => {
    const { email } = await signUp(browser());
    await setBanned(server.deps.db, email, true);
    const b = browser();
    const res = await b.post('/api/auth/login', { email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.json.banned).toBe(true);
    expect(b.hasSession()).toBe(false);
    const wrong = await browser().post('/api/auth/login', { email, password: 'not it' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.banned).toBeUndefined();
  });

  it('npm run user -- ban / unban works on the database and explains itself', async () => {
    const b = browser();
    const { email } = await signUp(b);

    const ban = await userCommand('ban', email.toUpperCase());
    expect(ban.stdout).toContain(`Banned ${email}`);
    expect((await b.get('/api/auth/user')).json.banned).toBe(true);

    const again = await userCommand('ban', email);
    expect(again.stdout).toContain('was already banned');

    const unban = await userCommand('unban', email);
    expect(unban.stdout).toContain(`Unbanned ${email}`);
    const me = await b.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.banned).toBe(false);

    const unknown = await userCommand('ban', 'nobody@example.com').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(unknown?.code).toBe(1);
    expect(unknown?.stderr).toContain('No account with the email nobody@example.com');

    const usage = await userCommand('promote', email).catch((error: { code: number; stderr: string }) => error);
    expect(usage).toMatchObject({ code: 1 });
    expect((usage as { stderr: string }).stderr).toContain('Usage: npm run user -- ban EMAIL');
  }, 60_000);
});

describe('origin check', () => {
  it('refuses writes from a foreign Origin, signed in or not', async () => {
    const b = browser();
    const { email } = await signUp(b);
    const evil = new Browser(server.url, b.ip, 'https://evil.example');

    const login = await evil.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.json.message).toMatch(/cross-origin/i);
    expect(evil.hasSession()).toBe(false);

    const register = await evil.post('/api/auth/register', registerBody(uniqueEmail('evil')));
    expect(register.status).toBe(403);

    const trpc = await evil.post('/trpc/auth.logout', {});
    expect(trpc.status).toBe(403);

    // A cross-site request without Origin is refused too (Sec-Fetch-Site tells).
    const noOrigin = await new Browser(server.url, b.ip, null).post(
      '/api/auth/logout',
      {},
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(noOrigin.status).toBe(403);

    // The same tab's own writes still go through.
    expect((await b.put('/api/auth/profile', { firstName: 'Same', lastName: 'Origin' })).status).toBe(200);
  });
});

describe('sign-in rate limits', () => {
  it('limits guesses at the current password on the password form too', async () => {
    const b = browser();
    await signUp(b); // a success: it does not count towards the limit
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await b.put('/api/auth/password', { currentPassword: `guess-${i}`, newPassword: 'long enough' })).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    expect((await b.get('/api/auth/user')).status).toBe(200);
  });

  it('holds under 30 concurrent attempts from one address: exactly 20 get through to a verdict', async () => {
    const ip = '192.0.2.77';
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        browser(ip).post('/api/auth/login', { email: uniqueEmail(`burst${i}`), password: 'x' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(statuses.filter((s) => s === 401 || s === 400)).toHaveLength(20);
    for (const r of results.filter((x) => x.status === 429)) expect(r.json.message).toBe(TOO_MANY);

    // Registration from the same address is limited as well.
    const register = await browser(ip).post('/api/auth/register', registerBody(uniqueEmail('late')));
    expect(register.status).toBe(429);
  });

  it('asks for a captcha on registration after 10 failed sign-ins from one address', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 10; i++) {
      const res = await browser(ip).post('/api/auth/login', { email: uniqueEmail(`spray${i}`), password: 'x' });
      expect(res.status).toBe(i < 9 ? 401 : 400);
    }
    const b = browser(ip);
    const plain = await b.post('/api/auth/register', registerBody(uniqueEmail('newcomer')));
    expect(plain.status).toBe(400);
    expect(plain.json.message).toBe('CAPTCHA_REQUIRED: Please complete the security check');

    const solved = await b.post('/api/auth/register', registerBody(uniqueEmail('newcomer'), await passCaptcha(b)));
    expect(solved.status).toBe(200);
    expect(b.hasSession()).toBe(true);
  });
});
