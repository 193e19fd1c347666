import { initTRPC, TRPCError } from '@trpc/server';
import { createHTTPServer } from '@trpc/server/adapters/standalone';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import type { AddressInfo } from 'node:net';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { errorBodyOf } from '../../src/client/lib/errors';
import { subscribe } from '../../src/client/lib/market/liveSocket';
import { fetchCached } from '../../src/client/lib/market/marketCache';
import { trpcCall } from '../../src/client/lib/market/trpcCall';

/**
 * The market screens' client without the tRPC client (lib/market/): its HTTP calls and websocket subscriptions
 * against a real tRPC v11 server with the app's transformer, so a protocol change in tRPC fails here.
 */

const t = initTRPC.create({ transformer: superjson });
const router = t.router({
  stocks: t.router({
    quote: t.procedure
      .input((raw) => raw as { symbol: string })
      .query(({ input }) => {
        if (input.symbol === 'NOPE') throw new TRPCError({ code: 'NOT_FOUND', message: 'Stock not found' });
        return { symbol: input.symbol, regularMarketPrice: 101.5 };
      }),
    live: t.procedure
      .input((raw) => raw as { symbols: string[] })
      .subscription(async function* ({ input, signal }) {
        for (let i = 0; !signal?.aborted; i++) {
          yield { symbol: input.symbols[i % input.symbols.length], price: i };
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }),
  }),
});

const server = createHTTPServer({ router, basePath: '/trpc/' });
const wss = new WebSocketServer({ server, path: '/trpc' });
const wsHandler = applyWSSHandler({ wss, router });
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  // The browser's relative URLs and globals, pointed at the test server.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => realFetch(`${base}${url}`, init));
  vi.stubGlobal('window', { location: { protocol: 'http:', host: `127.0.0.1:${port}` } });
  vi.stubGlobal('WebSocket', WebSocket);
});

afterAll(async () => {
  vi.unstubAllGlobals();
  wsHandler.broadcastReconnectNotification();
  for (const client of wss.clients) client.terminate();
  await new Promise((resolve) => wss.close(resolve));
  await new Promise((resolve) => server.close(resolve));
});

describe('market calls over HTTP without the tRPC client', () => {
  it('reads a query answer', async () => {
    await expect(trpcCall('stocks.quote', { symbol: 'AAPL' })).resolves.toEqual({
      symbol: 'AAPL',
      regularMarketPrice: 101.5,
    });
  });

  it('throws an error answer with its status, as errorBodyOf reads it', async () => {
    const error = await trpcCall('stocks.quote', { symbol: 'NOPE' }).catch((e: unknown) => e);
    expect(errorBodyOf(error)).toMatchObject({ message: 'Stock not found', status: 404 });
  });

  it('shares one fetch per key and serves a fresh answer from the cache', async () => {
    const fetcher = vi.fn(() => trpcCall<{ symbol: string }>('stocks.quote', { symbol: 'MSFT' }));
    const [a, b] = await Promise.all([fetchCached('q MSFT', fetcher, 60_000), fetchCached('q MSFT', fetcher, 60_000)]);
    expect(a).toBe(b);
    expect(await fetchCached('q MSFT', fetcher, 60_000)).toBe(a);
    expect(fetcher).toHaveBeenCalledTimes(1);
    // Stale at once: fetched again.
    await fetchCached('q MSFT', fetcher, 0);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

describe('the market cache', () => {
  it('forgets an answer no screen has shown for 5 minutes, as react-query’s gcTime does', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const fetcher = () => Promise.resolve(++calls);
      expect(await fetchCached('forget me', fetcher)).toBe(1);
      vi.advanceTimersByTime(4 * 60_000);
      expect(await fetchCached('forget me', fetcher)).toBe(1);
      vi.advanceTimersByTime(2 * 60_000);
      expect(await fetchCached('forget me', fetcher)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('live subscriptions over the websocket without the tRPC client', () => {
  it('receives the events, and none once stopped', async () => {
    const events: { symbol: string; price: number }[] = [];
    const stop = subscribe<{ symbol: string; price: number }>(
      'stocks.live',
      { symbols: ['AAPL', 'MSFT'] },
      { onData: (event) => events.push(event), onError: (error) => events.push({ symbol: String(error), price: -1 }) },
    );
    await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(3));
    expect(events.slice(0, 3)).toEqual([
      { symbol: 'AAPL', price: 0 },
      { symbol: 'MSFT', price: 1 },
      { symbol: 'AAPL', price: 2 },
    ]);
    stop();
    const count = events.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events.length).toBe(count);
  });

  it('reports a subscription the server refuses', async () => {
    const errors: unknown[] = [];
    const stop = subscribe('stocks.nothing', {}, { onData: () => {}, onError: (error) => errors.push(error) });
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errorBodyOf(errors[0]).status).toBe(404);
    stop();
  });
});
