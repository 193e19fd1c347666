import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/http';
import { openSocket, TrpcSocket } from '../helpers/sockets';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser, registerBody, sessionCookieOf, signUp, uniqueEmail } from './auth-helpers';

/** Issue 7 items 8, 9 and 14: cookies, the logout link's origin check, caching, Set-Cookie, CSP, 414 / 431. */

let server: TestServer;
let behindPublicUrl: TestServer;
beforeAll(async () => {
  [server, behindPublicUrl] = await Promise.all([
    startTestServer({ TRUST_PROXY: '1' }),
    startTestServer({ PUBLIC_URL: 'https://tickwise.example' }),
  ]);
});
afterAll(async () => {
  await server?.close();
  await behindPublicUrl?.close();
});

const BAD_COOKIE = 'tickwise_session=%E0%A4%A';

/** A raw GET with headers fetch() will not send (a forged Host); resolves with status, headers and body. */
function rawGet(target: TestServer, path: string, headers: Record<string, string>) {
  const { port } = new URL(target.url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

function sessionCookieLines(headers: Headers): string[] {
  return headers.getSetCookie().filter((l) => l.startsWith('tickwise_session='));
}

describe('a malformed session cookie is a signed-out visitor (item 8)', () => {
  it('on HTTP, REST and tRPC: 200 or 401, never 500', async () => {
    const api = new ApiClient(server.url);
    const cookie = { cookie: BAD_COOKIE };
    expect((await api.get('/healthz', cookie)).status).toBe(200);
    expect((await api.get('/api/stock/AAPL', cookie)).status).toBe(200);
    const user = await api.get('/api/auth/user', cookie);
    expect(user.status).toBe(401);
    expect(user.json).toEqual({ message: 'Unauthorized' });
    expect((await api.get('/api/usage-stats', cookie)).status).toBe(401);
    const trpc = await api.get('/trpc/auth.user', cookie);
    expect(trpc.status).toBe(200);
    expect(trpc.json.result.data.json).toBeNull();
    expect((await api.post('/api/auth/logout', {}, cookie)).status).toBe(200);
  });

  it('on websockets: /trpc opens signed out, /ws refuses with 401', async () => {
    const socket = await TrpcSocket.open(server.url, { cookie: BAD_COOKIE });
    expect(await socket.call('query', 'auth.user')).toEqual({ ok: true, data: null });
    const profile = await socket.call('mutation', 'auth.updateProfile', { firstName: 'A', lastName: 'B' });
    expect(profile).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    socket.close();
    expect(await openSocket(server.url, '/ws', { cookie: BAD_COOKIE })).toMatchObject({ kind: 'refused', status: 401 });
  });
});

describe('the sign-out link and the origin check (items 9 and 14)', () => {
  it('refuses GET /api/logou%74 from another site, as it refuses /api/logout', async () => {
    const b = new Browser(server.url);
    await signUp(b);
    for (const path of ['/api/logou%74', '/api/%6cogout', '/api/logout']) {
      const res = await b.get(path, { 'sec-fetch-site': 'cross-site' });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ message: 'Cross-origin request refused' });
    }
    expect((await b.get('/api/auth/user')).status).toBe(200);
    // Our own page may still use it, under either spelling.
    expect((await b.get('/api/logou%74', { 'sec-fetch-site': 'same-origin' })).status).toBe(302);
    expect((await b.get('/api/auth/user')).status).toBe(401);
  });

  it('compares scheme and host: the http:// twin of an https:// origin is foreign', async () => {
    const https = server.url.replace('http:', 'https:');
    const res = await new ApiClient(server.url, https).post('/api/auth/logout');
    expect(res.status).toBe(403);
    // Through a trusted proxy that says the request came over https, the https origin is our own.
    const proxied = await new ApiClient(server.url, https).post(
      '/api/auth/logout',
      {},
      { 'x-forwarded-proto': 'https' },
    );
    expect(proxied.status).toBe(200);
  });

  it('accepts writes from PUBLIC_URL', async () => {
    const res = await new ApiClient(behindPublicUrl.url, 'https://tickwise.example').post('/api/auth/logout');
    expect(res.status).toBe(200);
  });
});

describe('API answers are not stored by caches (item 14)', () => {
  it('no-store on signed-in answers, on answers that set a cookie, and by default on every /api and /trpc answer', async () => {
    const b = new Browser(server.url);
    const { res: registered } = await signUp(b);
    expect(registered.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/api/auth/user', '/api/usage-stats', '/trpc/auth.user', '/api/stock/AAPL', '/api/nope']) {
      const res = await b.get(path);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const anonymous = await new ApiClient(server.url).get('/api/stock/AAPL');
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });
});

describe('one Set-Cookie per cookie (item 14)', () => {
  it('signing out with an expired or unknown session cookie clears it once', async () => {
    const res = await new ApiClient(server.url).post(
      '/api/auth/logout',
      {},
      { cookie: 'tickwise_session=unknownsession000000000000000000000000000' },
    );
    expect(res.status).toBe(200);
    expect(sessionCookieLines(res.headers)).toHaveLength(1);
  });

  it('signing in over a stale session cookie sets only the new session', async () => {
    const email = uniqueEmail('stale');
    await new Browser(server.url).post('/api/auth/register', registerBody(email));
    const res = await new Browser(server.url).post(
      '/api/auth/login',
      { email, password: registerBody(email).password },
      { cookie: 'tickwise_session=unknownsession000000000000000000000000000' },
    );
    expect(res.status).toBe(200);
    const lines = sessionCookieLines(res.headers);
    expect(lines).toHaveLength(1);
    expect(sessionCookieOf(res.headers)).toMatch(/^tickwise_session=[a-z0-9]{20,}$/);
  });
});

describe("session cookie attributes (written by @fastify/cookie from Lucia's cookie)", () => {
  it("carries Lucia's attributes (no Secure over plain http), and a sign-out clears it the same way", async () => {
    const email = uniqueEmail('attrs');
    const plain = await new Browser(server.url).post('/api/auth/register', registerBody(email));
    const [line] = sessionCookieLines(plain.headers);
    expect(line).toMatch(/^tickwise_session=[a-z0-9]{20,};/);
    for (const attribute of [/; Path=\//, /; HttpOnly/i, /; SameSite=Lax/i, /; Max-Age=\d+/])
      expect(line).toMatch(attribute);
    expect(line).not.toMatch(/; Secure/i);
    const session = line.split(';')[0];
    const out = await new ApiClient(server.url).post('/api/auth/logout', {}, { cookie: session });
    const [cleared] = sessionCookieLines(out.headers);
    expect(cleared).toMatch(/^tickwise_session=;/);
    expect(cleared).toMatch(/; Max-Age=0/i);
    expect(cleared).toMatch(/; HttpOnly/i);
  });
});

describe('the CSP (item 14)', () => {
  it('names the websocket origin from a well-formed Host', async () => {
    const res = await rawGet(server, '/healthz', { host: new URL(server.url).host });
    expect(res.headers['content-security-policy']).toContain(`connect-src 'self' ws://${new URL(server.url).host};`);
  });

  it('never copies a malformed Host into the policy', async () => {
    for (const host of ['evil.example; script-src *', 'a b', 'x"y']) {
      const res = await rawGet(server, '/healthz', { host });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toContain('evil.example');
      expect(csp).toContain("script-src 'self';");
    }
  });

  it('comes from PUBLIC_URL when set, whatever the Host', async () => {
    const res = await rawGet(behindPublicUrl, '/healthz', { host: 'other.example' });
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' wss://tickwise.example;");
  });
});

describe('requests too large for the router or the parser (item 14)', () => {
  it('414 for an address segment past the router limit, in the { message } shape', async () => {
    const res = await new ApiClient(server.url).get(`/api/stock/${'A'.repeat(6_000)}`);
    expect(res.status).toBe(414);
    expect(res.json).toEqual({ message: 'The requested address is too long' });
  });

  it('431 for headers (or an address) past 16 KB, in the { message } shape', async () => {
    const big = await rawGet(server, '/healthz', { 'x-filler': 'a'.repeat(20_000) });
    expect(big.status).toBe(431);
    expect(JSON.parse(big.body)).toEqual({ message: 'The request headers or address are too large' });
    const longUrl = await rawGet(server, `/api/stocks/search?q=${'a'.repeat(20_000)}`, {});
    expect(longUrl.status).toBe(431);
    expect(JSON.parse(longUrl.body).message).toMatch(/too large/);
  });
});

describe('unreadable tRPC input (issue 17 item 9)', () => {
  it('answers 400 with a plain message, never the JavaScript error tRPC hit while reading it', async () => {
    const api = new ApiClient(server.url);
    const answers = [
      await api.get(`/trpc/stocks.quote?input=null`),
      await api.get(`/trpc/stocks.quote?input=${encodeURIComponent('{')}`),
      await api.get(`/trpc/stocks.quote?batch=1&input=${encodeURIComponent('{"0":null}')}`),
      await api.post('/trpc/auth.login?batch=1', '['),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      const error = (Array.isArray(res.json) ? res.json[0] : res.json).error.json;
      expect(error.message).toBe('The request input could not be read: send JSON in the shape this call expects.');
      expect(error.data.app).toEqual({ message: error.message });
      expect(res.text).not.toMatch(/destructure|position|Unexpected end/);
    }
  });
});
