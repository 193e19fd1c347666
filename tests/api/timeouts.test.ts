import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import { ApiClient } from '../helpers/http';
import { instrumentProvider, type InstrumentedProvider } from '../helpers/marketProviders';
import { rawConnect } from '../helpers/rawConnection';
import { TrpcSocket } from '../helpers/sockets';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { within } from '../helpers/waitFor';

/**
 * Issue 7 item 6: slow clients cannot hold connections. Timeouts are shortened here (the defaults are 30 s per
 * request, 10 s of silence, 5 s keep-alive) so that every case is decided within a few seconds.
 */

const REQUEST_MS = 1_500;
const IDLE_MS = 500;
const KEEP_ALIVE_MS = 300;
/** Node checks request timeouts on a tick (a tenth of the limit here); allow that and a loaded machine. */
const SLACK_MS = 1_500;

let server: TestServer;
let upstream: InstrumentedProvider;
let capped: TestServer;
beforeAll(async () => {
  upstream = instrumentProvider(createSimulatedProvider(Date.now));
  [server, capped] = await Promise.all([
    startTestServer(
      {
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
        HTTP_IDLE_TIMEOUT_MS: String(IDLE_MS),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
        // Every connection here comes from 127.0.0.1; the per-address cap has its own test.
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: '1000',
      },
      { market: { provider: upstream.provider } },
    ),
    startTestServer({ HTTP_MAX_CONNECTIONS: '10' }),
  ]);
});
afterAll(async () => {
  await server?.close();
  await capped?.close();
});

function bodyRequestHead(target: TestServer, length: number): string {
  return (
    `POST /api/auth/login HTTP/1.1\r\nHost: ${new URL(target.url).host}\r\nContent-Type: application/json\r\n` +
    `Origin: ${target.origin}\r\nContent-Length: ${length}\r\n\r\n`
  );
}

describe('slow request bodies', () => {
  it('cuts 150 trickling bodies (a byte every 200 ms) at the whole-request timeout with 408', async () => {
    const connections = await Promise.all(Array.from({ length: 150 }, () => rawConnect(server.url)));
    const tricklers = connections.map((c) => {
      c.socket.write(bodyRequestHead(server, 10_000) + '{');
      const timer = setInterval(() => c.socket.writable && c.socket.write(' '), 200);
      void c.closedAfter.then(() => clearInterval(timer));
      return timer;
    });
    try {
      const closedAfter = await within(
        Promise.all(connections.map((c) => c.closedAfter)),
        REQUEST_MS + SLACK_MS * 2,
        'all cut',
      );
      for (const ms of closedAfter) {
        expect(ms).toBeGreaterThanOrEqual(REQUEST_MS - 100);
        expect(ms).toBeLessThan(REQUEST_MS + SLACK_MS);
      }
      for (const c of connections) {
        expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
        expect(c.received()).toContain('{"message":"The request took too long to arrive. Please try again."}');
      }
    } finally {
      tricklers.forEach(clearInterval);
      connections.forEach((c) => c.socket.destroy());
    }
    expect((await new ApiClient(server.url).get('/healthz')).status).toBe(200);
  });

  it('cuts a body that stops arriving after the idle timeout, with 408', async () => {
    const c = await rawConnect(server.url);
    c.socket.write(bodyRequestHead(server, 100) + '{"email":');
    const ms = await within(c.closedAfter, IDLE_MS + SLACK_MS, 'cut');
    expect(ms).toBeLessThan(IDLE_MS + SLACK_MS);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(c.received()).toContain('"message"');
  });

  it('cuts headers sent a byte at a time (slowloris)', async () => {
    const c = await rawConnect(server.url);
    const head = `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(200)}`;
    let i = 0;
    const timer = setInterval(() => c.socket.writable && i < head.length && c.socket.write(head[i++]), 100);
    try {
      const ms = await within(c.closedAfter, REQUEST_MS + SLACK_MS, 'cut');
      expect(ms).toBeLessThan(REQUEST_MS + SLACK_MS);
    } finally {
      clearInterval(timer);
    }
  });
});

describe('idle connections', () => {
  it('closes a keep-alive connection left idle after the keep-alive timeout', async () => {
    const c = await rawConnect(server.url);
    c.socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`);
    await vi.waitFor(() => expect(c.received().includes('{"status":"ok"}'), 'the answer').toBe(true), {
      timeout: 2_000,
    });
    // Node keeps the socket one second past the advertised keep-alive, so a client never reuses a dying one.
    const ms = await within(c.closedAfter, KEEP_ALIVE_MS + 1_000 + SLACK_MS, 'keep-alive close');
    expect(ms).toBeLessThan(KEEP_ALIVE_MS + 1_000 + SLACK_MS);
  });

  it('drops connections past HTTP_MAX_CONNECTIONS and takes new ones once some close', async () => {
    const held = await Promise.all(Array.from({ length: 10 }, () => rawConnect(capped.url)));
    const extra = await rawConnect(capped.url);
    await within(extra.closedAfter, 2_000, 'the extra connection dropped');
    expect(extra.received()).toBe('');
    held.forEach((c) => c.socket.destroy());
    await Promise.all(held.map((c) => c.closedAfter));
    await vi.waitFor(
      () =>
        expect((capped.app.http.server as unknown as { _connections: number })._connections === 0, 'slots free').toBe(
          true,
        ),
      { timeout: 2_000 },
    );
    expect((await new ApiClient(capped.url).get('/healthz')).status).toBe(200);
  });
});

describe('what the timeouts must not cut', () => {
  it('a handler still working past the idle timeout, and an open websocket', async () => {
    const socket = await TrpcSocket.open(server.url);
    const release = upstream.hold();
    const pending = new ApiClient(server.url).get('/api/stock/KO');
    // Time itself is the test here: the upstream answers only after two idle timeouts and a request timeout.
    await new Promise((resolve) => setTimeout(resolve, REQUEST_MS + 2 * IDLE_MS));
    release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.json.symbol).toBe('KO');
    expect(socket.isOpen).toBe(true);
    expect(await socket.call('query', 'stocks.marketInfo')).toEqual({
      ok: true,
      data: { provider: 'simulated', simulated: true },
    });
    socket.close();
  });
});
