import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldBadBodies, genericBadBodies, HUGE_TEXT, json, type BadBody } from '../helpers/badBodies';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser, PASSWORD, registerBody, signUp, uniqueEmail } from './auth-helpers';

/**
 * Bad bodies on every account write: wrong types, missing fields, huge strings, arrays, null, nesting,
 * broken JSON, wrong content types. Every one must get a 4xx with a message, never a 5xx.
 * None of them is well-formed, so none reaches the (slow) password hashing.
 */

let server: TestServer;
let signedIn: Browser;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  signedIn = new Browser(server.url);
  await signUp(signedIn);
});
afterAll(async () => server?.close());

const huge = HUGE_TEXT;

const endpoints: Array<{ method: 'POST' | 'PUT'; path: string; cases: () => BadBody[]; client: () => Browser }> = [
  {
    method: 'POST',
    path: '/api/auth/login',
    client: () => new Browser(server.url),
    cases: () => {
      const valid = { email: 'fuzz@example.com', password: 'whatever' };
      return [
        ...genericBadBodies(valid),
        ...fieldBadBodies(valid, {
          email: [null, 123, ['a@b.co'], { address: 'a@b.co' }, 'not-an-email', `${huge}@example.com`],
          password: [null, 123, [PASSWORD], '', huge],
        }),
        json('captchaType unknown', { ...valid, captchaType: 'image' }),
        json('captchaAnswer not a number', { ...valid, captchaAnswer: 'seven' }),
        json('captchaAnswer a fraction', { ...valid, captchaAnswer: 1.5 }),
        json('captchaToken an object', { ...valid, captchaToken: { t: 1 } }),
      ];
    },
  },
  {
    method: 'POST',
    path: '/api/auth/register',
    client: () => new Browser(server.url),
    cases: () => {
      const valid = registerBody('fuzz-register@example.com');
      return [
        ...genericBadBodies(valid),
        ...fieldBadBodies(valid, {
          email: [null, 7, 'nope'],
          password: [null, ''],
          firstName: [null, '', huge, ['Ada']],
          lastName: [{}, '   '],
          agreedToTerms: ['yes', 1, false],
          agreedToPrivacy: [null],
        }),
      ];
    },
  },
  {
    method: 'PUT',
    path: '/api/auth/profile',
    client: () => signedIn,
    cases: () => {
      const valid = { firstName: 'Ann', lastName: 'Lee', profileImageUrl: '' };
      return [
        ...genericBadBodies(valid),
        ...fieldBadBodies(valid, {
          firstName: [null, 42, '', huge, { first: 'Ann' }],
          lastName: [null, [], 'y'.repeat(51)],
        }),
        // The picture is optional, so only wrong values (not its absence) are bad.
        ...[42, null, 'not a url', 'ftp://files.example/a.png', `https://e.example/${huge}`].map((v) =>
          json(`profileImageUrl = ${String(v).slice(0, 30)}`, { ...valid, profileImageUrl: v }),
        ),
        json('email of another type', { ...valid, email: 42 }),
      ];
    },
  },
  {
    method: 'PUT',
    path: '/api/auth/password',
    client: () => signedIn,
    cases: () => {
      const valid = { currentPassword: 'wrong-on-purpose', newPassword: 'long enough' };
      return [
        ...genericBadBodies(valid),
        ...fieldBadBodies(valid, {
          currentPassword: [null, 123, '', ['x'], { p: 1 }, huge],
          newPassword: [null, 123456, '12345', '', huge, { p: 'long enough' }],
        }),
      ];
    },
  },
];

describe('fuzzed bodies on the account endpoints', () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}: 30+ bad bodies, every answer 4xx with a message`, async () => {
      const cases = endpoint.cases();
      expect(cases.length).toBeGreaterThanOrEqual(30);
      const client = endpoint.client();
      for (const c of cases) {
        const headers: Record<string, string> =
          c.contentType && c.body !== undefined ? { 'content-type': c.contentType } : {};
        const res = await client.request(endpoint.method, endpoint.path, c.body, headers);
        expect(res.status, `${c.label}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${c.label}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        expect(typeof res.json?.message, c.label).toBe('string');
      }
    });
  }

  it('left the signed-in account as it was', async () => {
    const me = await signedIn.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(
      (await new Browser(server.url).post('/api/auth/login', { email: me.json.email, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('bad inputs through tRPC get 4xx as well', async () => {
    const b = new Browser(server.url);
    const bad: Array<[string, unknown]> = [
      ['auth.login', null],
      ['auth.login', { email: 1 }],
      ['auth.login', 'text'],
      ['auth.register', { ...registerBody(uniqueEmail()), agreedToTerms: 'true' }],
      ['auth.register', []],
      ['auth.updateProfile', { firstName: 'x' }],
    ];
    for (const [path, input] of bad) {
      const res = await b.post(`/trpc/${path}`, { json: input });
      expect(res.status, `${path} ${JSON.stringify(input)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const broken = await b.request('POST', '/trpc/auth.login', '{"json":', {});
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
  });
});
