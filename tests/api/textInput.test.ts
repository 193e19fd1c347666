import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser, PASSWORD, registerBody, signUp, uniqueEmail } from './auth-helpers';

/**
 * Issue 7 item 11: a lone surrogate ("\uD800") used to be stored lossily (SQLite keeps UTF-8) and then failed the
 * length rule on the next save. Every text field now refuses it with a 400 that says why; nothing answers 500.
 * JSON's \uD800 escape is how a browser or script sends one.
 */

const MALFORMED = 'Text contains characters that cannot be stored';
const LONE = 'Ada\uD800';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => server?.close());

const browser = () => new Browser(server.url);

describe('lone surrogates', () => {
  it('are refused on every registration field, naming the field', async () => {
    const fields: Array<[string, string]> = [
      ['firstName', LONE],
      ['lastName', '\uDC00'],
      ['email', `ada\uD800${uniqueEmail()}`],
      ['password', `${PASSWORD}\uDBFF`],
    ];
    for (const [field, value] of fields) {
      const b = browser();
      const res = await b.post('/api/auth/register', registerBody(uniqueEmail(), { [field]: value }));
      expect(res.status, field).toBe(400);
      expect(res.json, field).toEqual({ message: `${field}: ${MALFORMED}` });
      expect(b.hasSession()).toBe(false);
    }
  });

  it('are refused on every profile field, and the stored profile is untouched', async () => {
    const b = browser();
    const { email } = await signUp(b);
    const valid = { firstName: 'Ann', lastName: 'Lee', profileImageUrl: '' };
    for (const [field, value] of [
      ['firstName', LONE],
      ['lastName', `Lee\uD83D`],
      ['profileImageUrl', 'https://img.example/\uD800.png'],
      ['email', `${email}\uD800`],
    ]) {
      const res = await b.put('/api/auth/profile', { ...valid, [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.json.message, field).toContain(`${field}: ${MALFORMED}`);
    }
    const me = await b.get('/api/auth/user');
    expect(me.json).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null });
  });

  it('a well-formed name (emoji, combining accents) is stored as sent, in NFC, and saves again unchanged', async () => {
    const b = browser();
    await signUp(b);
    const name = `${'a'.repeat(47)}e\u0301😀`; // 50 characters once composed
    const first = await b.put('/api/auth/profile', { firstName: name, lastName: 'Lee' });
    expect(first.status).toBe(200);
    expect(first.json.user.firstName).toBe(name.normalize('NFC'));
    const again = await b.put('/api/auth/profile', { firstName: first.json.user.firstName, lastName: 'Lee' });
    expect(again.status).toBe(200);
  });

  it('are refused as a new password, and never 500 as a current one or at sign-in', async () => {
    const b = browser();
    const { email } = await signUp(b);
    const change = await b.put('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'new secret\uD800' });
    expect(change.status).toBe(400);
    expect(change.json).toEqual({ message: `newPassword: ${MALFORMED}` });
    const wrongCurrent = await b.put('/api/auth/password', {
      currentPassword: '\uD800',
      newPassword: 'new secret pass',
    });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.json).toEqual({ message: 'Current password is incorrect' });

    const loginEmail = await browser().post('/api/auth/login', { email: `${email}\uD800`, password: PASSWORD });
    expect(loginEmail.status).toBe(400);
    expect(loginEmail.json).toEqual({ message: `email: ${MALFORMED}` });
    // Sign-in takes any password an old account may have: a wrong one is just wrong.
    const loginPassword = await browser().post('/api/auth/login', { email, password: '\uD800' });
    expect(loginPassword.status).toBe(401);
  });

  it('are refused in stock search (REST and tRPC) with a 400, never a 500', async () => {
    const trpcInput = encodeURIComponent(JSON.stringify({ json: { q: 'AA\uD800' } }));
    const trpc = await browser().get(`/trpc/stocks.search?input=${trpcInput}`);
    expect(trpc.status).toBe(400);
    expect(trpc.json.error.json.data.app.message).toBe(`q: ${MALFORMED}`);
    // A URL cannot carry a lone surrogate: its UTF-8 bytes are invalid and arrive replaced, so the search just runs.
    const rest = await browser().get('/api/stocks/search?q=AA%ED%A0%80');
    expect(rest.status).toBe(200);
    expect(Array.isArray(rest.json)).toBe(true);
  });
});
