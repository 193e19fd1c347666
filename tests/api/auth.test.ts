import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { ApiClient } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/testServer';
import {
  Browser,
  PASSWORD,
  fetchChallenge,
  registerBody,
  sessionCookieOf,
  signUp,
  solve,
  solvedCaptcha,
  uniqueEmail,
} from './auth-helpers';

// The server's clock, so tests can let captcha tokens expire without waiting.
let now = Date.UTC(2025, 5, 2, 9, 30);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' }, { now: () => now });
});
afterAll(async () => server?.close());

const browser = () => new Browser(server.url);

describe('register', () => {
  it('creates the account, answers the user and signs in with an HttpOnly SameSite=Lax cookie', async () => {
    const b = browser();
    const res = await b.post(
      '/api/auth/register',
      registerBody('Grace.Hopper+news@Example.COM', { firstName: 'Grace', lastName: 'Hopper' }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      email: 'grace.hopper+news@example.com',
      username: expect.stringMatching(/^[a-z]+-\d{4}[a-z]$/),
      firstName: 'Grace',
      lastName: 'Hopper',
      displayName: 'Grace Hopper',
      profileImageUrl: null,
      banned: false,
      profile: { username: res.json.username, displayName: 'Grace Hopper' },
    });
    expect(res.json).not.toHaveProperty('passwordHash');
    expect(new Date(res.json.createdAt).toISOString()).toBe(res.json.createdAt);

    const cookie = res.headers.getSetCookie().find((l) => l.startsWith('tickwise_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const me = await b.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(res.json.id);
  });

  it('stores an argon2id hash, never the password', async () => {
    const { users } = tablesOf(server.deps.db);
    const email = uniqueEmail('hash');
    await signUp(browser(), email);
    const [row] = await server.deps.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(PASSWORD);
  });

  it('marks the cookie Secure when served over https', async () => {
    // Behind a TLS proxy the browser's page, and so its Origin, is https too.
    const res = await browser().post('/api/auth/register', registerBody(uniqueEmail('tls')), {
      'x-forwarded-proto': 'https',
      origin: server.url.replace('http:', 'https:'),
    });
    expect(res.status).toBe(200);
    expect(sessionCookieLine(res.headers)).toMatch(/; Secure/i);
  });

  it('refuses the same email in another case with 409 and a clear message', async () => {
    const email = uniqueEmail('dup');
    await signUp(browser(), email);
    const again = browser();
    const res = await again.post('/api/auth/register', registerBody(email.toUpperCase()));
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: 'An account with this email already exists. Please sign in instead.' });
    expect(again.hasSession()).toBe(false);
  });

  it('gives each account a random username that does not reveal its email', async () => {
    const first = await signUp(browser(), 'ann@one.example');
    const second = await signUp(browser(), 'Ann@two.example');
    for (const { user } of [first, second]) expect(user.username).toMatch(/^[a-z]+-\d{4}[a-z]$/);
    expect(first.user.username).not.toBe(second.user.username);
    // Not the local part, nor a name built on it ("planner-…" is one of the random words, so no plain substring test).
    for (const { user } of [first, second]) expect(user.username).not.toMatch(/^ann/);
  });

  it('requires both agreements', async () => {
    const terms = await browser().post('/api/auth/register', registerBody(uniqueEmail(), { agreedToTerms: false }));
    expect(terms.status).toBe(400);
    expect(terms.json.message).toContain('You must agree to the Terms of Service');
    const privacy = await browser().post(
      '/api/auth/register',
      registerBody(uniqueEmail(), { agreedToPrivacy: undefined }),
    );
    expect(privacy.status).toBe(400);
    expect(privacy.json.message).toContain('You must agree to the Privacy Policy');
  });

  it('names the missing fields', async () => {
    const res = await browser().post('/api/auth/register', { email: '', password: '', firstName: '', lastName: '' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('Email is required');
    expect(res.json.message).toContain('Password is required');
    expect(res.json.message).toContain('First name is required');
    expect(res.json.message).toContain('Last name is required');
  });
});

describe('login and logout', () => {
  it('signs in with the right password (email in any case) and answers the user', async () => {
    const { email, user } = await signUp(browser());
    const b = browser();
    const res = await b.post('/api/auth/login', { email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(user.id);
    expect(sessionCookieLine(res.headers)).toMatch(/HttpOnly/i);
    expect((await b.get('/api/auth/user')).json.email).toBe(email);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const { email } = await signUp(browser());
    const wrong = await browser().post('/api/auth/login', { email, password: 'not it' });
    const unknown = await browser().post('/api/auth/login', { email: uniqueEmail('ghost'), password: 'not it' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ message: 'Invalid email or password' });
    expect(unknown.json).toEqual(wrong.json);
  });

  it('ends the session on logout: the old cookie is worthless afterwards', async () => {
    const b = browser();
    const { res } = await signUp(b);
    const oldCookie = sessionCookieOf(res.headers);

    const out = await b.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ message: 'You have been successfully logged out.' });
    expect(sessionCookieLine(out.headers)).toMatch(/Max-Age=0/i);
    expect(b.hasSession()).toBe(false);

    const replay = await new ApiClient(server.url).get('/api/auth/user', { cookie: oldCookie });
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({ message: 'Unauthorized' });
  });

  it('logout when already signed out still answers 200', async () => {
    const res = await browser().post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('You have been successfully logged out.');
  });

  it('GET /api/login redirects to /auth', async () => {
    const res = await browser().get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
  });

  it('GET /api/logout ends the session and redirects to /', async () => {
    const b = browser();
    const { res } = await signUp(b);
    const oldCookie = sessionCookieOf(res.headers);
    const out = await b.get('/api/logout');
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    expect(b.hasSession()).toBe(false);
    expect((await new ApiClient(server.url).get('/api/auth/user', { cookie: oldCookie })).status).toBe(401);
  });

  it('GET /api/auth/user answers 401 when signed out', async () => {
    const res = await browser().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
  });
});

describe('captcha after failed sign-ins', () => {
  it('asks for a captcha after three wrong passwords and lets a solved one through, once', async () => {
    const { email } = await signUp(browser());
    const b = browser();
    const login = (extra: Record<string, unknown> = {}) =>
      b.post('/api/auth/login', { email, password: PASSWORD, ...extra });

    expect((await login({ password: 'wrong-1' })).status).toBe(401);
    expect((await login({ password: 'wrong-2' })).status).toBe(401);
    const third = await login({ password: 'wrong-3' });
    expect(third.status).toBe(400);
    expect(third.json.message).toContain('CAPTCHA_REQUIRED');

    // Even the right password needs the captcha now.
    const noCaptcha = await login();
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.json.message).toBe('CAPTCHA_REQUIRED: Please complete the security check');
    expect(b.hasSession()).toBe(false);

    const wrongAnswer = await fetchChallenge(b);
    const wrong = await login(solvedCaptcha(wrongAnswer, { answer: solve(wrongAnswer.question) + 1 }));
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toMatch(/^CAPTCHA_REQUIRED: .*wrong/i);

    const stale = await fetchChallenge(b);
    now += 5 * 60 * 1000; // tokens live five minutes
    const expired = await login(solvedCaptcha(stale));
    expect(expired.status).toBe(400);
    expect(expired.json.message).toMatch(/^CAPTCHA_REQUIRED: .*expired/i);

    // A solved captcha with a wrong password spends the token...
    const first = await fetchChallenge(b);
    const solved = solvedCaptcha(first);
    const badPassword = await login({ ...solved, password: 'wrong-4' });
    expect(badPassword.status).toBe(400);
    expect(badPassword.json.message).toContain('CAPTCHA_REQUIRED');
    // ...so the same token is refused the second time, right password or not.
    const reused = await login(solved);
    expect(reused.status).toBe(400);
    expect(reused.json.message).toMatch(/^CAPTCHA_REQUIRED: .*already used/i);
    expect(b.hasSession()).toBe(false);

    const fresh = await fetchChallenge(b);
    const freshFields = solvedCaptcha(fresh);
    // Numbers may arrive as strings, as from a form.
    const ok = await login({
      ...freshFields,
      captchaAnswer: String(freshFields.captchaAnswer),
      captchaProof: String(freshFields.captchaProof),
    });
    expect(ok.status).toBe(200);
    expect(ok.json.email).toBe(email);
    expect(b.hasSession()).toBe(true);
    expect((await b.get('/api/auth/user')).json.email).toBe(email);
  });

  it('refuses a tampered token', async () => {
    const { email } = await signUp(browser());
    const b = browser();
    for (const password of ['x1', 'x2', 'x3']) await b.post('/api/auth/login', { email, password });
    const challenge = await fetchChallenge(b);
    const [nonce, expires, work, tag, signature] = challenge.token.split('.');
    const longer = `${nonce}.${Number(expires) + 3_600_000}.${work}.${tag}.${signature}`;
    const res = await b.post('/api/auth/login', {
      email,
      password: PASSWORD,
      ...solvedCaptcha(challenge),
      captchaToken: longer,
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('CAPTCHA_REQUIRED');
    expect(b.hasSession()).toBe(false);
  });

  it('hands out challenges as { mathChallenge: { token, question } }, with the proof of work beside them', async () => {
    const res = await browser().get('/api/security/captcha-challenge');
    expect(res.status).toBe(200);
    expect(res.json.mathChallenge.question).toMatch(/^What is \d+ [+-] \d+\?$/);
    expect(res.json.mathChallenge.token.split('.')).toHaveLength(5);
    expect(res.json.mathChallenge.work).toEqual({
      salt: res.json.mathChallenge.token.split('.')[0],
      target: expect.stringMatching(/^[0-9a-f]{64}$/),
      max: 1_500_000,
    });
    const other = await browser().get('/api/security/captcha-challenge');
    expect(other.json.mathChallenge.token).not.toBe(res.json.mathChallenge.token);
  });
});

describe('profile', () => {
  it('states each rule of product.md §5', async () => {
    const b = browser();
    await signUp(b);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: '', lastName: 'Lee' }, 'First name is required'],
      [{ firstName: '   ', lastName: 'Lee' }, 'First name is required'],
      [{ firstName: 'x'.repeat(51), lastName: 'Lee' }, 'First name too long'],
      [{ firstName: 'Ann', lastName: '' }, 'Last name is required'],
      [{ firstName: 'Ann', lastName: 'y'.repeat(51) }, 'Last name too long'],
      [{ firstName: 'Ann', lastName: 'Lee', profileImageUrl: 'not a url' }, 'Invalid URL'],
      [{ firstName: 'Ann', lastName: 'Lee', profileImageUrl: 'javascript:alert(1)' }, 'Invalid URL'],
    ];
    for (const [body, message] of cases) {
      const res = await b.put('/api/auth/profile', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toContain(message);
    }
  });

  it('updates names and picture, keeps the email', async () => {
    const b = browser();
    const { email } = await signUp(b);
    const res = await b.put('/api/auth/profile', {
      firstName: ' Ann ',
      lastName: 'Lee',
      profileImageUrl: 'https://images.example/ann.png',
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Your profile has been updated successfully.');
    expect(res.json.user).toMatchObject({
      email,
      firstName: 'Ann',
      lastName: 'Lee',
      displayName: 'Ann Lee',
      profileImageUrl: 'https://images.example/ann.png',
      profile: { displayName: 'Ann Lee' },
    });
    const me = await b.get('/api/auth/user');
    expect(me.json).toMatchObject({ email, displayName: 'Ann Lee', profileImageUrl: 'https://images.example/ann.png' });

    // An empty picture URL removes the picture.
    const cleared = await b.put('/api/auth/profile', { firstName: 'Ann', lastName: 'Lee', profileImageUrl: '' });
    expect(cleared.json.user.profileImageUrl).toBeNull();
  });

  it('never changes the email', async () => {
    const b = browser();
    const { email } = await signUp(b);
    const other = await b.put('/api/auth/profile', { firstName: 'Ann', lastName: 'Lee', email: 'new@example.com' });
    expect(other.status).toBe(400);
    expect(other.json).toEqual({ message: 'Email cannot be changed' });
    const same = await b.put('/api/auth/profile', { firstName: 'Ann', lastName: 'Lee', email: email.toUpperCase() });
    expect(same.status).toBe(200);
    expect((await b.get('/api/auth/user')).json.email).toBe(email);
  });

  it('is for signed-in users only', async () => {
    const res = await browser().put('/api/auth/profile', { firstName: 'Ann', lastName: 'Lee' });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
  });
});

describe('password', () => {
  it('states each rule', async () => {
    const b = browser();
    await signUp(b);
    const missing = await b.put('/api/auth/password', { newPassword: 'long enough' });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toContain('Current password is required');
    const short = await b.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: '12345' });
    expect(short.status).toBe(400);
    expect(short.json.message).toContain('Password must be at least 6 characters');
    const wrong = await b.put('/api/auth/password', { currentPassword: 'not mine', newPassword: 'long enough' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ message: 'Current password is incorrect' });
  });

  it('changes it, signs out the other sessions and the new password works', async () => {
    const b = browser();
    const { email } = await signUp(b);
    const elsewhere = browser();
    expect((await elsewhere.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);

    const res = await b.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'brand new secret' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Your password has been changed successfully.' });

    expect((await b.get('/api/auth/user')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);

    expect((await browser().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await browser().post('/api/auth/login', { email, password: 'brand new secret' })).status).toBe(200);
  });

  it('is for signed-in users only', async () => {
    const res = await browser().put('/api/auth/password', { currentPassword: 'a', newPassword: 'bbbbbb' });
    expect(res.status).toBe(401);
  });
});

describe('tRPC', () => {
  it('speaks the same procedures: auth.user over /trpc', async () => {
    const b = browser();
    const { user } = await signUp(b);
    const res = await b.get('/trpc/auth.user');
    expect(res.status).toBe(200);
    expect(res.json.result.data.json.id).toBe(user.id);
    const anonymous = await browser().get('/trpc/auth.user');
    expect(anonymous.json.result.data.json).toBeNull();
  });

  it('carries the error body under data.app', async () => {
    const res = await browser().post('/trpc/auth.login', { json: { email: uniqueEmail('t'), password: 'nope' } });
    expect(res.status).toBe(401);
    expect(res.json.error.json.data.app).toEqual({ message: 'Invalid email or password' });
  });
});

function sessionCookieLine(headers: Headers): string {
  return headers.getSetCookie().find((l) => l.startsWith('tickwise_session=')) ?? '';
}
