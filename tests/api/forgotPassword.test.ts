import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_ATTEMPTS, FORGOT_MESSAGES } from '../../src/server/modules/auth/forgotPassword';
import { FORGOT_PASSWORD_SENT } from '../../src/shared/schemas/account';
import { LocalSmtpServer } from '../helpers/smtpServer';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser, PASSWORD, signUp, uniqueEmail } from './auth-helpers';

/**
 * Issue 30 §3, "Forgot password?" by mail: with SMTP_URL set, POST /api/auth/forgot-password answers 202 with the same
 * words whatever the address, mails the account a one-time link that works with POST /api/auth/reset-password, and is
 * limited per network address and per e-mail (429). Without SMTP_URL it says there is no mail server.
 */

let server: TestServer;
let plain: TestServer;
let smtp: LocalSmtpServer;

beforeAll(async () => {
  smtp = await LocalSmtpServer.start();
  server = await startTestServer({ TRUST_PROXY: 'true', SMTP_URL: smtp.url, PUBLIC_URL: 'https://tickwise.example' });
  plain = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server?.close();
  await plain?.close();
  await smtp?.close();
});

const LINK = /https:\/\/tickwise\.example\/auth\/reset\?token=([A-Za-z0-9_-]+)/;

describe('forgot password by mail', () => {
  it('answers 202 alike for an account and for nobody, and mails the account a link that resets its password', async () => {
    const owner = new Browser(server.url);
    const { email } = await signUp(owner);
    const asker = new Browser(server.url);

    expect((await asker.get('/api/auth/reset-options')).json).toEqual({ byMail: true });
    const known = await asker.post('/api/auth/forgot-password', { email: email.toUpperCase() });
    const unknown = await asker.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.json).toEqual({ message: FORGOT_PASSWORD_SENT });
    expect(unknown.json).toEqual(known.json);

    await server.deps.notifications.idle();
    const mails = smtp.mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].parsed.subject).toBe('Reset your Tickwise password');
    const token = LINK.exec(String(mails[0].parsed.text))?.[1];
    expect(token).toBeDefined();
    // Nothing went anywhere for the address without an account.
    expect(smtp.mails.filter((m) => m.to.some((to) => to.startsWith('nobody')))).toEqual([]);

    const reset = await new Browser(server.url).post('/api/auth/reset-password', {
      token,
      newPassword: 'a new pass 77',
    });
    expect(reset.status).toBe(200);
    // The old session ended; the new password signs in and the old one does not.
    expect((await owner.get('/api/auth/user')).status).toBe(401);
    const again = new Browser(server.url);
    expect((await again.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await again.post('/api/auth/login', { email, password: 'a new pass 77' })).status).toBe(200);
    // The link works once.
    expect((await again.post('/api/auth/reset-password', { token, newPassword: 'another pass 88' })).status).toBe(400);
  });

  it('refuses a malformed address with a clear 400', async () => {
    const answer = await new Browser(server.url).post('/api/auth/forgot-password', { email: 'not an email' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('Please enter a valid email address');
  });

  it(`sends at most ${FORGOT_ATTEMPTS.perEmail} mails to one address, asked from many networks (429 past it)`, async () => {
    const { email } = await signUp(new Browser(server.url));
    const answers = await Promise.all(
      Array.from({ length: FORGOT_ATTEMPTS.perEmail + 2 }, () =>
        new Browser(server.url).post('/api/auth/forgot-password', { email }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 202)).toHaveLength(FORGOT_ATTEMPTS.perEmail);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(JSON.stringify(answers.find((a) => a.status === 429)?.json)).toContain(FORGOT_MESSAGES.tooManyForEmail);
    await server.deps.notifications.idle();
    expect(smtp.mailsTo(email)).toHaveLength(FORGOT_ATTEMPTS.perEmail);
  });

  it(`takes ${FORGOT_ATTEMPTS.perAddress} requests from one network address, then 429`, async () => {
    const one = new Browser(server.url);
    const statuses: number[] = [];
    for (let i = 0; i <= FORGOT_ATTEMPTS.perAddress; i++) {
      statuses.push((await one.post('/api/auth/forgot-password', { email: uniqueEmail('probe') })).status);
    }
    expect(statuses.slice(0, FORGOT_ATTEMPTS.perAddress).every((s) => s === 202)).toBe(true);
    const last = await one.post('/api/auth/forgot-password', { email: uniqueEmail('probe') });
    expect(last.status).toBe(429);
    expect(JSON.stringify(last.json)).toContain(FORGOT_MESSAGES.tooManyFromAddress);
  });

  it('without SMTP_URL, says there is no mail server and sends nothing', async () => {
    const browser = new Browser(plain.url);
    expect((await browser.get('/api/auth/reset-options')).json).toEqual({ byMail: false });
    const answer = await browser.post('/api/auth/forgot-password', { email: uniqueEmail() });
    expect(answer.status).toBe(412);
    expect(JSON.stringify(answer.json)).toContain(FORGOT_MESSAGES.unavailable);
  });
});
