import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { METHODS, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPC_METHODS_MESSAGE } from '../../src/server/trpc/methodRefusal';
import { capturingLogger } from '../helpers/capturingLogger';
import { rawConnect } from '../helpers/rawConnection';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { within } from '../helpers/waitFor';

/**
 * Issue 26 item 6: `TRACE /trpc/<anything>` answered 500 with a stack in the log (tRPC hands each request on as a
 * fetch Request, which refuses TRACE). Every method Node can parse, on every kind of path (tRPC, REST, the built
 * client, a page, the health check), is answered without a 500 and without an error in the log.
 */

const clientDir = mkdtempSync(join(tmpdir(), 'tickwise-client-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Tickwise</title>');
writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log("app")');

const logs = capturingLogger('info');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { log: logs.log }, clientDir);
});
afterAll(async () => {
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** One request with any method (fetch refuses TRACE and CONNECT), same-origin. */
function send(method: string, path: string): Promise<{ status: number; allow?: string; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { origin: server.origin } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const PATHS = [
  '/trpc/auth.user',
  '/trpc/no.such.procedure',
  '/api/auth/user',
  '/assets/app-abc123.js',
  '/settings',
  '/healthz',
];
/** CONNECT takes an authority, not a path: below, on a raw connection. */
const ODD_METHODS = METHODS.filter((m) => !['GET', 'HEAD', 'POST', 'CONNECT'].includes(m));

describe('HTTP methods', () => {
  it('answers TRACE, OPTIONS, PUT, PATCH, DELETE and every other method on /trpc with 405 and Allow', async () => {
    for (const method of ODD_METHODS.filter((m) => m !== 'QUERY')) {
      for (const path of ['/trpc/auth.user', '/trpc/anything']) {
        const res = await send(method, path);
        // Methods Fastify routes for tRPC's path get the 405; the others never reach a route (404).
        if (res.status === 405) {
          expect(res.allow, `${method} ${path}`).toBe('GET, HEAD, POST');
          expect(JSON.parse(res.body), `${method} ${path}`).toEqual({ message: TRPC_METHODS_MESSAGE });
        } else expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    for (const method of ['TRACE', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'])
      expect((await send(method, '/trpc/auth.user')).status, method).toBe(405);
    expect((await send('GET', '/trpc/auth.user')).status).toBe(200);
  });

  it('never answers 500 nor logs an error, whatever the method and path', async () => {
    const before = logs.lines.length;
    for (const method of ODD_METHODS) {
      for (const path of PATHS) {
        const res = await send(method, path);
        expect(res.status, `${method} ${path}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path}: ${res.body}`).toBeLessThan(500);
      }
    }
    const connect = await rawConnect(server.url);
    connect.socket.write(`CONNECT 127.0.0.1:${new URL(server.url).port} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await within(connect.closedAfter, 2_000, 'CONNECT closed');
    expect(connect.received()).not.toMatch(/^HTTP\/1\.1 5/);
    const errors = logs.lines.slice(before).filter((line) => Number(line.level) >= 50);
    expect(errors).toEqual([]);
  });
});
