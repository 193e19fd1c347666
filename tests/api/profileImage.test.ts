import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser, sessionCookieOf, signUp } from './auth-helpers';

/**
 * Issue 7 item 10: a profile picture is fetched by every browser that shows it, with that browser's cookies.
 * One on the app itself (`/api/logout`) signed the viewer out. Only https pictures on other hosts are accepted
 * (http too in development).
 */

const SAME_SITE = 'profileImageUrl: Profile image URL must point to another website, not to Tickwise itself';
const HTTPS_ONLY = 'profileImageUrl: Profile image URL must start with https://';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true', ALLOWED_ORIGINS: 'https://dev.tickwise.example:5173' });
});
afterAll(async () => server?.close());

async function signedIn(): Promise<Browser> {
  const b = new Browser(server.url);
  await signUp(b);
  return b;
}

const profile = (profileImageUrl: string) => ({ firstName: 'Ann', lastName: 'Lee', profileImageUrl });

/** PUT /api/auth/profile naming the given Host, as a browser on that name would (fetch cannot set Host). */
function putProfile(cookie: string, host: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: '/api/auth/profile',
        headers: { host, cookie, origin: `http://${host}`, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('profile picture URLs', () => {
  it('on the app itself are refused: the host the request named (whatever the port), loopback, the allowed origins', async () => {
    const b = new Browser(server.url);
    const cookie = sessionCookieOf((await signUp(b)).res.headers);
    const cases: Array<[url: string, host: string]> = [
      [`${server.url}/api/logout`, new URL(server.url).host],
      ['https://tickwise.example/api/logout', 'tickwise.example:3000'],
      ['https://TICKWISE.example:8443/api/logout', 'tickwise.example'],
      ['http://tickwise.example/api/logout', 'tickwise.example'],
      ['https://dev.tickwise.example/api/logout', 'tickwise.example'],
      ['https://localhost/api/logout', 'tickwise.example'],
    ];
    for (const [url, host] of cases) {
      const res = await putProfile(cookie, host, profile(url));
      expect(res.status, url).toBe(400);
      expect(res.json, url).toEqual({ message: SAME_SITE });
    }
    expect((await b.get('/api/auth/user')).json.profileImageUrl).toBeNull();
  });

  it('that are not http(s) are refused as invalid', async () => {
    const b = await signedIn();
    for (const url of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      '/api/logout',
      '//evil.example/a.png',
      'ftp://x.example/a.png',
    ]) {
      const res = await b.put('/api/auth/profile', profile(url));
      expect(res.status, url).toBe(400);
      expect(res.json, url).toEqual({ message: 'profileImageUrl: Invalid URL' });
    }
  });

  it('over plain http are refused outside development', async () => {
    const b = await signedIn();
    const res = await b.put('/api/auth/profile', profile('http://images.example/ann.png'));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: HTTPS_ONLY });
  });

  it('over https on another host are stored', async () => {
    const b = await signedIn();
    const res = await b.put('/api/auth/profile', profile('https://images.example/ann.png'));
    expect(res.status).toBe(200);
    expect(res.json.user.profileImageUrl).toBe('https://images.example/ann.png');
  });
});

describe('in development', () => {
  it('http pictures on other hosts are accepted, the app itself still is not', async () => {
    const dev = await startTestServer({ TRUST_PROXY: 'true', NODE_ENV: 'development' });
    try {
      const b = new Browser(dev.url);
      await signUp(b);
      expect((await b.put('/api/auth/profile', profile('http://images.example/ann.png'))).status).toBe(200);
      const self = await b.put('/api/auth/profile', profile(`${dev.url}/api/logout`));
      expect(self.status).toBe(400);
      expect(self.json).toEqual({ message: SAME_SITE });
    } finally {
      await dev.close();
    }
  });
});
