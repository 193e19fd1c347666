import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POPULAR_WATCHLIST } from '../../src/shared/market/constants';
import { startTestServer, type TestServer } from '../helpers/testServer';

/** A stand-in for dist/client with the build's compressed copies next to each file (as vite.config.ts writes them). */
const clientDir = mkdtempSync(join(tmpdir(), 'tickwise-delivery-'));
const appJs = `console.log(${JSON.stringify('tickwise '.repeat(400))});`;
const indexHtml = '<!doctype html><title>Tickwise</title><script type="module" src="/assets/app-abc123.js"></script>';
mkdirSync(join(clientDir, 'assets'));
for (const [path, text] of [
  ['index.html', indexHtml],
  ['assets/app-abc123.js', appJs],
]) {
  writeFileSync(join(clientDir, path), text);
  writeFileSync(join(clientDir, `${path}.br`), brotliCompressSync(text));
  writeFileSync(join(clientDir, `${path}.gz`), gzipSync(text));
}

/** Every line the server logs, parsed. */
const logLines: Array<Record<string, unknown>> = [];
const logSink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

let server: TestServer;
let proxied: TestServer;
beforeAll(async () => {
  // 120 concurrent requests below, all from 127.0.0.1: past the default per-address connection cap (its own test).
  server = await startTestServer(
    { LOG_LEVEL: 'info', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '200' },
    { log: pino({ level: 'info' }, logSink) },
    clientDir,
  );
  proxied = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server?.close();
  await proxied?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, still compressed. */
  raw: Buffer;
  /** The body decoded by its content-encoding. */
  text: string;
}

/** node:http, so the body arrives exactly as sent (fetch would decompress it silently). */
function raw(base: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { method: body === undefined ? 'GET' : 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded =
          encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: bytes, text: decoded.toString() });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('compressed delivery of the built client', () => {
  it('sends the build-time brotli copy to browsers that take br, gzip to the others, the file itself otherwise', async () => {
    const br = await raw(server.url, '/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.text).toBe(appJs);
    expect(br.raw.length).toBeLessThan(appJs.length / 4);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await raw(server.url, '/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(appJs);

    const plain = await raw(server.url, '/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(appJs);
  });

  it('sends index.html compressed and never cached for every client route', async () => {
    for (const path of ['/', '/trading', '/no/such/page']) {
      const page = await raw(server.url, path, { 'accept-encoding': 'br' });
      expect(page.status, path).toBe(200);
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.headers['content-type'], path).toMatch(/text\/html/);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.text, path).toBe(indexHtml);
    }
  });
});

describe('compressed JSON answers', () => {
  it('compresses answers above 1 KB (REST and tRPC) and leaves small ones as they are', async () => {
    const history = await raw(server.url, '/api/stock/AAPL/history?period=5Y', { 'accept-encoding': 'gzip, br' });
    expect(history.status).toBe(200);
    expect(history.headers['content-encoding']).toBe('br');
    expect(JSON.parse(history.text).length).toBeGreaterThan(200);
    expect(history.raw.length).toBeLessThan(history.text.length / 3);

    const input = encodeURIComponent(JSON.stringify({ json: { symbol: 'AAPL', period: '1Y' } }));
    const trpc = await raw(server.url, `/trpc/stocks.history?input=${input}`, { 'accept-encoding': 'gzip' });
    expect(trpc.status).toBe(200);
    expect(trpc.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(trpc.text).result.data.json.length).toBeGreaterThan(200);

    const small = await raw(server.url, '/healthz', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.text)).toEqual({ status: 'ok' });
    const smallTrpc = await raw(server.url, '/trpc/auth.user', { 'accept-encoding': 'gzip, br' });
    expect(smallTrpc.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(smallTrpc.text).result.data.json).toBeNull();
  });

  it('compresses the quotes answer for browsers and sends it plain to clients that do not ask', async () => {
    const body = JSON.stringify({ symbols: [...POPULAR_WATCHLIST] });
    const headers = { 'content-type': 'application/json' };
    const plain = await raw(server.url, '/api/stocks/quotes', headers, body);
    const br = await raw(
      server.url,
      '/api/stocks/quotes',
      { ...headers, 'accept-encoding': 'gzip, deflate, br' },
      body,
    );
    const gzip = await raw(server.url, '/api/stocks/quotes', { ...headers, 'accept-encoding': 'gzip' }, body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Object.keys(JSON.parse(plain.text)).sort()).toEqual([...POPULAR_WATCHLIST].sort());
    expect(br.text).toBe(plain.text);
    expect(gzip.text).toBe(plain.text);
    expect(br.raw.length).toBeLessThan(plain.raw.length / 2);
  });

  it('still answers a repeated bad quotes body with 400, never from the cache of good ones', async () => {
    const headers = { 'content-type': 'application/json' };
    for (let i = 0; i < 2; i++) {
      const bad = await raw(server.url, '/api/stocks/quotes', headers, JSON.stringify({ symbols: ['xyzzy!'] }));
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.text).message).toMatch(/Invalid symbol/);
      const notJson = await raw(server.url, '/api/stocks/quotes', headers, '{"symbols": [');
      expect(notJson.status).toBe(400);
      expect(JSON.parse(notJson.text).message).toBe('Body is not valid JSON');
    }
  });
});

describe('quotes answered together at the end of a turn', () => {
  it('gives each of many concurrent requests its own answer', async () => {
    const symbols = [...POPULAR_WATCHLIST];
    const n = symbols.length;
    // Pairs that differ from request to request, so an answer given to the wrong request would show.
    const asked = Array.from({ length: 120 }, (_, i) => [symbols[i % n], symbols[(i * 5 + 1) % n]]);
    const headers = { 'content-type': 'application/json' };
    const answers = await Promise.all(
      asked.map((pair) => raw(server.url, '/api/stocks/quotes', headers, JSON.stringify({ symbols: pair }))),
    );
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(Object.keys(JSON.parse(answer.text)).sort(), `request ${i}`).toEqual([...new Set(asked[i])].sort());
    });
  });
});

describe('security headers by kind of answer', () => {
  const PAGE_ONLY = ['referrer-policy', 'cross-origin-opener-policy', 'permissions-policy'];

  it('gives API answers the data policy: nothing may load in or frame them, and no page-only headers', async () => {
    const json = { 'content-type': 'application/json' };
    const answers = {
      quotes: await raw(server.url, '/api/stocks/quotes', json, '{"symbols":["AAPL"]}'),
      missing: await raw(server.url, '/api/nope'),
      trpc: await raw(server.url, '/trpc/auth.user'),
    };
    for (const [name, answer] of Object.entries(answers)) {
      const csp = answer.headers['content-security-policy'];
      expect(csp, name).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options'], name).toBe('nosniff');
      expect(answer.headers['x-frame-options'], name).toBe('DENY');
      expect(answer.headers['cross-origin-resource-policy'], name).toBe('same-origin');
      expect(answer.headers['cache-control'], name).toBe('no-store');
      expect(answer.headers['x-request-id'], name).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
      for (const header of PAGE_ONLY) expect(answer.headers[header], `${name}: ${header}`).toBeUndefined();
    }
  });

  it('gives pages and files the page policy', async () => {
    for (const path of ['/', '/trading', '/assets/app-abc123.js']) {
      const answer = await raw(server.url, path);
      const csp = String(answer.headers['content-security-policy']);
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self';");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(answer.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(answer.headers['permissions-policy'], path).toContain('camera=()');
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['x-frame-options'], path).toBe('DENY');
    }
  });
});

describe('request ids and the access log', () => {
  it('gives every answer an X-Request-Id, a new one per request', async () => {
    const first = await raw(server.url, '/healthz');
    const second = await raw(server.url, '/api/nope');
    const firstId = String(first.headers['x-request-id']);
    expect(firstId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(second.headers['x-request-id']).not.toBe(firstId);
  });

  it('keeps a proxy-given request id only behind a trusted proxy, and only a well-formed one', async () => {
    const trusted = await raw(proxied.url, '/healthz', { 'x-request-id': 'edge-42.a' });
    expect(trusted.headers['x-request-id']).toBe('edge-42.a');
    const junk = await raw(proxied.url, '/healthz', { 'x-request-id': 'bad id\u00e9' });
    expect(junk.headers['x-request-id']).not.toBe('bad id\u00e9');
    const untrusted = await raw(server.url, '/healthz', { 'x-request-id': 'edge-42.a' });
    expect(untrusted.headers['x-request-id']).not.toBe('edge-42.a');
  });

  it('logs one line per request with its id, method, path, status and time', async () => {
    const answer = await raw(server.url, '/api/stock/NOPE');
    const id = String(answer.headers['x-request-id']);
    await expect.poll(() => logLines.filter((l) => l.reqId === id).length).toBe(1);
    const line = logLines.find((l) => l.reqId === id)!;
    expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', url: '/api/stock/NOPE', status: 404 });
    expect(typeof line.ms).toBe('number');
  });
});
