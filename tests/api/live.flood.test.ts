import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import { subscriptionsActive } from '../../src/server/observability/metrics';
import {
  SOCKET_LIMITS,
  TOO_MANY_SUBSCRIPTIONS_MESSAGE,
  TOO_MANY_SYMBOLS_MESSAGE,
} from '../../src/server/realtime/subscriptionBudget';
import { POPULAR_WATCHLIST } from '../../src/shared/market/constants';
import { ApiClient } from '../helpers/http';
import { instrumentProvider, manualClock, type InstrumentedProvider } from '../helpers/marketProviders';
import { openSocket, TrpcSocket } from '../helpers/sockets';
import { startTestServer, type TestServer } from '../helpers/testServer';

/**
 * Issue 7 item 2: one socket (or one address) cannot make the live-quote hub poll without bound. The flood of the
 * issue (2,000 subscriptions of 50 random symbols on one unauthenticated socket) is refused past the caps, with
 * TOO_MANY_REQUESTS and a message, and the socket is closed after ten refusals, while the API keeps answering.
 * Latency and memory under the flood are measured by `npm run bench`, not here.
 */

const clock = manualClock(Date.UTC(2026, 10, 21, 14, 37, 10));
let upstream: InstrumentedProvider;
/** Polls every 20 ms: unknown symbols would be asked again and again if they were not remembered. */
let fast: TestServer;
/** Polls every 10 minutes: any poll seen during a test was caused by the test, not the timer. */
let slow: TestServer;
let slowUpstream: InstrumentedProvider;

beforeAll(async () => {
  upstream = instrumentProvider(createSimulatedProvider(clock.now));
  slowUpstream = instrumentProvider(createSimulatedProvider(clock.now));
  [fast, slow] = await Promise.all([
    startTestServer(
      { MARKET_LIVE_POLL_MS: '20', TRUST_PROXY: '1' },
      { now: clock.now, market: { provider: upstream.provider } },
    ),
    startTestServer({ MARKET_LIVE_POLL_MS: '600000' }, { now: clock.now, market: { provider: slowUpstream.provider } }),
  ]);
});
afterAll(async () => {
  await fast?.close();
  await slow?.close();
});

/** Deterministic "random" ticker-shaped symbols, almost all unknown to any market. */
function randomSymbols(count: number, seed: number): string[] {
  let state = seed;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: count }, () => {
    let symbol = 'Q';
    for (let i = 0; i < 4; i++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      // The high bits: an LCG's low bits repeat with a short period.
      symbol += letters[(state >>> 16) % 26];
    }
    return symbol;
  });
}

const activeSubscriptions = async () =>
  (await subscriptionsActive.get()).values.find((v) => v.labels.procedure === 'stocks.live')?.value ?? 0;

describe('stocks.live flood from one socket', () => {
  it('refuses the issue’s flood past the caps, then closes the flooding socket (4429), while the API answers', async () => {
    const socket = await TrpcSocket.open(fast.url);
    const inputs = Array.from({ length: 2_000 }, (_, i) => ({ symbols: randomSymbols(50, i + 1) }));
    const outcomes: ReturnType<TrpcSocket['subscribeBatch']> = [];
    // Fifty subscriptions per websocket message keep each message under the 64 KB frame limit.
    for (let i = 0; i < inputs.length; i += 50)
      outcomes.push(...socket.subscribeBatch('stocks.live', inputs.slice(i, i + 50)));
    const during = await new ApiClient(fast.url).get('/api/stock/AAPL');
    expect(during.status).toBe(200);

    const results = await Promise.all(outcomes);
    expect(await socket.closed).toEqual({ code: 4429, reason: 'Too many refused requests' });
    // 2 x 50 symbols fill the connection's 100; the next ones are refused, each with a clear error...
    expect(results.filter((r) => r.ok)).toHaveLength(SOCKET_LIMITS.symbolsPerConnection / 50);
    const refused = results.filter((r) => !r.ok && r.error.message === TOO_MANY_SYMBOLS_MESSAGE);
    expect(refused).toHaveLength(SOCKET_LIMITS.refusalsBeforeClose);
    for (const r of refused) {
      expect(r).toMatchObject({
        ok: false,
        error: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, app: { message: TOO_MANY_SYMBOLS_MESSAGE } },
      });
    }
    // ...and after that many the connection is cut: the rest is refused unread, or never answered at all.
    for (const r of results.slice(SOCKET_LIMITS.symbolsPerConnection / 50 + SOCKET_LIMITS.refusalsBeforeClose)) {
      expect(r.ok ? 'started' : r.error.code === 'CLOSED' ? 'CLOSED' : r.error.message).toMatch(
        /^(CLOSED|This connection is being closed)/,
      );
    }
    await vi.waitFor(() => expect(fast.deps.market.live.watchedSymbols().length === 0, 'hub emptied').toBe(true), {
      timeout: 5_000,
    });
    expect(await activeSubscriptions()).toBe(0);
  });

  it('holds a well-behaved connection to 20 subscriptions and 100 symbols, refusing the excess with a message', async () => {
    const socket = await TrpcSocket.open(fast.url);
    const [first, second, third] = [1, 2, 3].map((seed) => ({ symbols: randomSymbols(50, 10_000 + seed) }));
    const opened = await Promise.all([first, second].map((input) => socket.subscribe('stocks.live', input).outcome));
    expect(opened.every((r) => r.ok)).toBe(true);
    expect(await socket.subscribe('stocks.live', third).outcome).toMatchObject({
      ok: false,
      error: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, message: TOO_MANY_SYMBOLS_MESSAGE },
    });
    expect(fast.deps.market.live.watchedSymbols()).toHaveLength(100);

    // Subscriptions of symbols already counted are fine, up to 20 per connection.
    const watched = { symbols: first.symbols.slice(0, 5) };
    for (let i = 2; i < SOCKET_LIMITS.subscriptionsPerConnection; i++) {
      expect((await socket.subscribe('stocks.live', watched).outcome).ok).toBe(true);
    }
    expect(await socket.subscribe('stocks.live', watched).outcome).toMatchObject({
      ok: false,
      error: { code: 'TOO_MANY_REQUESTS', message: TOO_MANY_SUBSCRIPTIONS_MESSAGE },
    });
    expect(await activeSubscriptions()).toBe(SOCKET_LIMITS.subscriptionsPerConnection);
    expect(socket.isOpen).toBe(true);

    // Unknown symbols are asked upstream once, however many polls run.
    const polls = fast.deps.market.live.polls;
    await vi.waitFor(() => expect(fast.deps.market.live.polls >= polls + 10, 'ten more polls').toBe(true), {
      timeout: 5_000,
    });
    const unknown = new Set([...first.symbols, ...second.symbols]);
    const asked = upstream.quoteCalls.flat().filter((s) => unknown.has(s));
    expect(new Set(asked)).toEqual(unknown);
    expect(asked).toHaveLength(unknown.size);

    socket.close();
    await vi.waitFor(() => expect(fast.deps.market.live.watchedSymbols().length === 0, 'hub emptied').toBe(true), {
      timeout: 5_000,
    });
    expect(await activeSubscriptions()).toBe(0);
  });

  it('caps connections per address at WS_MAX_CONNECTIONS_PER_ADDRESS (429 with a message); other addresses still connect', async () => {
    const max = fast.deps.config.WS_MAX_CONNECTIONS_PER_ADDRESS;
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    const sockets = await Promise.all(Array.from({ length: max }, () => TrpcSocket.open(fast.url, { headers })));
    const over = await openSocket(fast.url, '/trpc', { headers });
    expect(over).toEqual({
      kind: 'refused',
      status: 429,
      body: { message: 'Too many open connections from your address. Close some tabs and try again.' },
    });
    const elsewhere = await TrpcSocket.open(fast.url, { headers: { 'x-forwarded-for': '203.0.113.8' } });
    expect(elsewhere.isOpen).toBe(true);
    elsewhere.close();

    // A closed socket gives its slot back.
    sockets[0].close();
    await sockets[0].closed;
    await vi.waitFor(() => expect(fast.app.websockets.registry.size <= max - 1, 'slot released').toBe(true), {
      timeout: 2_000,
    });
    const again = await TrpcSocket.open(fast.url, { headers });
    expect(again.isOpen).toBe(true);
    for (const s of [again, ...sockets.slice(1)]) s.close();
  });

  it('caps how fast an address opens new connections, so closing and reopening is no way around the caps', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const burst = fast.deps.config.WS_MAX_CONNECTIONS_PER_ADDRESS * 2;
    for (let i = 0; i < burst; i++) {
      const socket = await TrpcSocket.open(fast.url, { headers });
      socket.close();
      await socket.closed;
    }
    const next = await openSocket(fast.url, '/trpc', { headers });
    expect(next).toEqual({
      kind: 'refused',
      status: 429,
      body: { message: 'Too many new connections from your address. Please wait a moment and try again.' },
    });
  });
});

describe('the hub under new subscriptions', () => {
  it('fetches a newly watched symbol alone instead of polling every watched symbol', async () => {
    const hub = slow.deps.market.live;
    const socket = await TrpcSocket.open(slow.url);
    const base = socket.subscribe('stocks.live', { symbols: [...POPULAR_WATCHLIST] });
    await vi.waitFor(() => expect(base.data.length === POPULAR_WATCHLIST.length, 'first quotes').toBe(true), {
      timeout: 5_000,
    });
    const fullPolls = hub.polls;
    const callsBefore = slowUpstream.quoteCalls.length;

    const added = socket.subscribe('stocks.live', { symbols: ['KO'] });
    await vi.waitFor(() => expect(added.data.length === 1, 'the new symbol’s quote').toBe(true), { timeout: 5_000 });
    expect(added.data[0].symbol).toBe('KO');
    expect(hub.polls).toBe(fullPolls);
    expect(slowUpstream.quoteCalls.slice(callsBefore)).toEqual([['KO']]);
    socket.close();
  });

  it('answers a subscription over plain HTTP with 405 and a message (websocket only)', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { symbols: ['AAPL'] } }));
    const res = await new ApiClient(slow.url).get(`/trpc/stocks.live?input=${input}`);
    expect(res.status).toBe(405);
    expect(res.json).toEqual({ message: 'Subscriptions are served over the websocket at /trpc only' });
  });
});
