import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';

// A tiny stand-in for dist/client, so the test does not depend on a client build.
const clientDir = mkdtempSync(join(tmpdir(), 'tickwise-client-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(
  join(clientDir, 'index.html'),
  '<!doctype html><title>Tickwise</title><script type="module" src="/assets/app-abc123.js"></script>',
);
writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log("app")');
writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, {}, clientDir);
});
afterAll(async () => {
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function get(path: string) {
  const res = await fetch(server.url + path);
  return {
    status: res.status,
    cache: res.headers.get('cache-control'),
    type: res.headers.get('content-type'),
    text: await res.text(),
  };
}

describe('the built client', () => {
  it('serves index.html for client routes, always revalidated so a new build is picked up at once', async () => {
    // /portfolio/shared/{link} has a page of its own with link-preview tags (tests/api/portfolios.security.test.ts).
    for (const path of ['/', '/settings', '/portfolio', '/no/such/page', '/index.html']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.type, path).toMatch(/text\/html/);
      expect(res.text, path).toContain('<title>Tickwise</title>');
      expect(res.cache, path).toBe('no-cache');
    }
  });

  it('lets browsers keep hashed assets for good and other files for an hour', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.cache).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.cache).toBe('public, max-age=3600');
  });

  it('answers a missing file or API path with 404 JSON, never the page', async () => {
    for (const path of ['/assets/gone-123.js', '/api/nope']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.text).message).toBe('Not found');
    }
  });
});
