import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser, PASSWORD, registerBody, signUp, uniqueEmail } from './auth-helpers';

/**
 * Issue 7 item 13: one rule for a new password, at registration and on the password form: at least 6
 * characters and not one of the 10,000 most common passwords. Sign-in still takes any password.
 */

const TOO_SHORT = 'Password must be at least 6 characters';
const TOO_COMMON = 'This password is too common. Please choose a less common one.';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => server?.close());

const browser = () => new Browser(server.url);

describe('registration', () => {
  it("refuses a short password with the password form's message", async () => {
    for (const password of ['a', '12345']) {
      const b = browser();
      const res = await b.post('/api/auth/register', registerBody(uniqueEmail(), { password }));
      expect(res.status, password).toBe(400);
      expect(res.json).toEqual({ message: `password: ${TOO_SHORT}` });
      expect(b.hasSession()).toBe(false);
    }
  });

  it('refuses the most common passwords, in any case', async () => {
    const { users } = tablesOf(server.deps.db);
    for (const password of ['123456', 'password', 'Password1', 'QWERTY123', 'iloveyou', 'trustno1']) {
      const email = uniqueEmail('common');
      const res = await browser().post('/api/auth/register', registerBody(email, { password }));
      expect(res.status, password).toBe(400);
      expect(res.json).toEqual({ message: TOO_COMMON });
      const rows = await server.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      expect(rows).toEqual([]);
    }
  });

  it('accepts a 6-character password that is not common', async () => {
    const res = await browser().post('/api/auth/register', registerBody(uniqueEmail(), { password: 'kq7!zv' }));
    expect(res.status).toBe(200);
  });
});

describe('the password form', () => {
  it('refuses short and common new passwords and keeps the old one', async () => {
    const b = browser();
    const { email } = await signUp(b);
    const short = await b.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'abc' });
    expect(short.status).toBe(400);
    expect(short.json).toEqual({ message: `newPassword: ${TOO_SHORT}` });
    const common = await b.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'football' });
    expect(common.status).toBe(400);
    expect(common.json).toEqual({ message: TOO_COMMON });
    expect((await browser().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('does not count a refused common password as a wrong current password', async () => {
    const b = browser();
    await signUp(b);
    for (let i = 0; i < 12; i++) {
      expect((await b.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'letmein' })).status).toBe(
        400,
      );
    }
    const ok = await b.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'a much rarer phrase' });
    expect(ok.status).toBe(200);
  });
});

describe('sign-in', () => {
  it('still takes any password an old account has, however short or common', async () => {
    const { users } = tablesOf(server.deps.db);
    const email = uniqueEmail('old');
    // An account from before the rule, with a one-character password.
    const hash = await server.deps.passwords.hash('x');
    await server.deps.db.insert(users).values({
      id: `old-${Date.now()}`,
      email,
      username: `old${Date.now()}`,
      firstName: 'Old',
      lastName: 'Timer',
      displayName: 'Old Timer',
      passwordHash: hash,
      plan: 'free',
      banned: false,
      createdAt: Date.now(),
    });
    const res = await browser().post('/api/auth/login', { email, password: 'x' });
    expect(res.status).toBe(200);
    expect(res.json.email).toBe(email);
  });
});
