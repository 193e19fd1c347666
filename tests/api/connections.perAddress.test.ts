import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawConnect } from '../helpers/rawConnection';
import { openSocket } from '../helpers/sockets';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { within } from '../helpers/waitFor';

/**
 * Issue 17 item 3: one address could hold 999 of the 1,000 connections, and others were then dropped. Each peer
 * address may hold HTTP_MAX_CONNECTIONS_PER_ADDRESS; past it, new connections from that address are answered 429
 * at once, while another address is served. Two loopback addresses stand for two clients.
 */

const CAP = 5;
const CROWDED = '127.0.0.1';
const OTHER = '127.0.0.2';

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(CAP), HTTP_MAX_CONNECTIONS: '20' });
  port = Number(new URL(server.url).port);
});
afterAll(async () => server?.close());

/** GET /healthz from `localAddress` on a fresh connection: status and body. */
function healthFrom(localAddress: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/healthz', localAddress, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('connections per address', () => {
  it('answers the excess from a full address with a quick 429, serves another address, and frees slots on close', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => rawConnect(server.url, CROWDED)));

    const started = Date.now();
    const refused = await healthFrom(CROWDED);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      message: 'Too many open connections from your address. Close some tabs and try again.',
    });
    expect(Date.now() - started).toBeLessThan(1_000);

    // A connection left silent is cut too, not kept waiting for a request.
    const silent = await rawConnect(server.url, CROWDED);
    await within(silent.closedAfter, 2_000, 'the silent excess connection closed');
    expect(silent.received()).toMatch(/^HTTP\/1\.1 429 /);

    // Websockets count against the same cap.
    expect(await openSocket(server.url, '/trpc', { localAddress: CROWDED })).toMatchObject({
      kind: 'refused',
      status: 429,
    });

    // Another address is served meanwhile.
    expect(await healthFrom(OTHER)).toEqual({ status: 200, body: '{"status":"ok"}' });

    held.forEach((c) => c.socket.destroy());
    await Promise.all(held.map((c) => c.closedAfter));
    // The server hears the closes a moment after the client: ask again until it has (each try is a real request).
    const deadline = Date.now() + 2_000;
    let status: number;
    while ((status = (await healthFrom(CROWDED)).status) !== 200 && Date.now() < deadline);
    expect(status).toBe(200);
  });
});

describe('connections from a proxy', () => {
  it('are not counted: the addresses TRUST_PROXY lists, or loopback with a hop count; other peers still are', async () => {
    const [listed, hops] = await Promise.all([
      startTestServer({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: CROWDED }),
      startTestServer({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: '1' }),
    ]);
    try {
      const fromListedProxy = await Promise.all(Array.from({ length: 4 }, () => rawConnect(listed.url, CROWDED)));
      const fromLoopbackProxy = await Promise.all(Array.from({ length: 4 }, () => rawConnect(hops.url, OTHER)));
      const fromClient = await Promise.all(Array.from({ length: 3 }, () => rawConnect(listed.url, OTHER)));
      await within(fromClient[2].closedAfter, 2_000, 'the third connection of an unlisted peer refused');
      expect(fromClient[2].received()).toMatch(/^HTTP\/1\.1 429 /);
      for (const c of [...fromListedProxy, ...fromLoopbackProxy]) {
        c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      }
      await vi.waitFor(
        () =>
          expect(
            [...fromListedProxy, ...fromLoopbackProxy].every((c) => c.received().includes('{"status":"ok"}')),
            'every proxy connection served',
          ).toBe(true),
        { timeout: 5_000 },
      );
      for (const c of [...fromListedProxy, ...fromLoopbackProxy, ...fromClient]) c.socket.destroy();
    } finally {
      await Promise.all([listed.close(), hops.close()]);
    }
  });
});
