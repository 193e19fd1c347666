import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ApiClient } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('platform', () => {
  it('answers /healthz', async () => {
    const res = await new ApiClient(server.url).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });

  it('sends security headers with a CSP that admits only our origin', async () => {
    const res = await new ApiClient(server.url).get('/healthz');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await new ApiClient(server.url).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('Not found');
  });

  it('refuses writes from a foreign origin', async () => {
    const res = await new ApiClient(server.url, 'https://evil.example').post('/api/auth/logout');
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/cross-origin/i);
  });

  it('refuses a sign-out link followed from another site, but follows our own', async () => {
    const client = new ApiClient(server.url);
    const crossSite = await client.get('/api/logout', { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await client.get('/api/logout', { 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.status).toBe(302);
    expect(sameOrigin.headers.get('location')).toBe('/');
  });

  it('refuses bodies over the size limit with 413 and a message', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/login', {
      email: 'a@b.co',
      password: 'x'.repeat(200_000),
    });
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/too large/i);
  });

  it('accepts websocket connections on /trpc and refuses foreign origins (/ws: see sockets.sessions.test.ts)', async () => {
    const wsUrl = server.url.replace('http', 'ws') + '/trpc';
    const ok = new WebSocket(wsUrl, { origin: server.origin });
    await new Promise<void>((resolve, reject) => {
      ok.once('open', () => resolve());
      ok.once('error', reject);
    });
    ok.close();
    const bad = new WebSocket(wsUrl, { origin: 'https://evil.example' });
    const status = await new Promise<number>((resolve) => {
      bad.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      bad.once('error', () => resolve(-1));
    });
    expect(status).toBe(403);
  });
});
