import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FEW_CONNECTIONS } from '../../src/server/http/connectionAdmission';
import { rawConnect, type RawConnection } from '../helpers/rawConnection';
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
function healthFrom(localAddress: string, target = port): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: target, path: '/healthz', localAddress, agent: false },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
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

/** Connections the server holds open right now (admitted, or refused and still lingering). */
const openOn = (target: TestServer) => (target.app.http.server as unknown as { _connections: number })._connections;

/** Idle connections that never read: a refused one stays until the server cuts it, as a careless client's would. */
async function idle(target: TestServer, localAddress: string, count: number): Promise<RawConnection[]> {
  const connections = await Promise.all(Array.from({ length: count }, () => rawConnect(target.url, localAddress)));
  for (const c of connections) c.socket.pause();
  return connections;
}

describe('the server-wide cap (issue 26 item 7)', () => {
  const TOTAL = 20;
  const PER_ADDRESS = 10;
  let capped: TestServer;
  let cappedPort: number;
  beforeAll(async () => {
    capped = await startTestServer({
      HTTP_MAX_CONNECTIONS: String(TOTAL),
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
    });
    cappedPort = Number(new URL(capped.url).port);
  });
  afterAll(async () => capped?.close());

  it('does not count connections refused by the per-address cap: 40 refused from one address leave others served', async () => {
    const crowd = await idle(capped, '127.0.0.51', PER_ADDRESS + 40);
    try {
      // The refusals lingering for their 429 are bounded (a tenth of the cap); the rest were cut at once.
      await vi.waitFor(() => expect(openOn(capped)).toBeLessThanOrEqual(PER_ADDRESS + TOTAL / 10), { timeout: 2_000 });
      const visits = await Promise.all(Array.from({ length: 6 }, () => healthFrom('127.0.0.52', cappedPort)));
      expect(visits.map((v) => v.status)).toEqual(Array(6).fill(200));
    } finally {
      crowd.forEach((c) => c.socket.destroy());
    }
  });

  it(`keeps a tenth of the cap for addresses holding fewer than ${FEW_CONNECTIONS}: two full addresses leave a third served`, async () => {
    const crowd = [
      ...(await idle(capped, '127.0.0.61', PER_ADDRESS)),
      ...(await idle(capped, '127.0.0.62', PER_ADDRESS)),
    ];
    try {
      // 2 × 10 would fill all 20 slots: the crowd stops at 18, the last two of its connections dropped.
      await vi.waitFor(() => expect(openOn(capped)).toBe(TOTAL - TOTAL / 10), { timeout: 2_000 });
      const visits = await Promise.all([healthFrom('127.0.0.63', cappedPort), healthFrom('127.0.0.63', cappedPort)]);
      expect(visits.map((v) => v.status)).toEqual([200, 200]);
    } finally {
      crowd.forEach((c) => c.socket.destroy());
    }
  });
});
