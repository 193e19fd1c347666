import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { waitFor } from '../helpers/waitFor';

/**
 * Issue 7 item 2: one socket (or one address) cannot make the live-quote hub poll without bound. The flood of the
 * issue (2,000 subscriptions of 50 random symbols on one unauthenticated socket) is refused past the caps, with
 * TOO_MANY_REQUESTS and a message, while the API keeps answering. Latency is measured by `npm run bench`, not here.
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
    startTestServer({ MARKET_LIVE_POLL_MS: '20', TRUST_PROXY: '1' }, { now: clock.now, market: { provider: upstream.provider } }),
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
      symbol += letters[state % 26];
    }
    return symbol;
  });
}

const activeSubscriptions = async () =>
  (await subscriptionsActive.get()).values.find((v) => v.labels.procedure === 'stocks.live')?.value ?? 0;

describe('stocks.live flood from one socket', () => {
  it('refuses the issue’s flood past the caps, with TOO_MANY_REQUESTS and a message, while the API answers', async () => {
    const socket = await TrpcSocket.open(fast.url);
    const inputs = Array.from({ length: 2_000 }, (_, i) => ({ symbols: randomSymbols(50, i + 1) }));
    const outcomes: ReturnType<TrpcSocket['subscribeBatch']> = [];
    // Fifty subscriptions per websocket message keep each message under the 64 KB frame limit.
    for (let i = 0; i < inputs.length; i += 50) outcomes.push(...socket.subscribeBatch('stocks.live', inputs.slice(i, i + 50)));
    const api = new ApiClient(fast.url);
    const during = await api.get('/api/stock/AAPL');
    expect(during.status).toBe(200);

    const results = await Promise.all(outcomes);
    const started = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    // 2 x 50 symbols fill the connection's 100; everything after is refused.
    expect(started).toHaveLength(SOCKET_LIMITS.symbolsPerConnection / 50);
    expect(refused).toHaveLength(2_000 - started.length);
    for (const r of refused) {
      expect(r).toMatchObject({
        ok: false,
        error: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, message: TOO_MANY_SYMBOLS_MESSAGE, app: { message: TOO_MANY_SYMBOLS_MESSAGE } },
      });
    }
    expect(fast.deps.market.live.watchedSymbols()).toHaveLength(100);

    // Subscriptions of symbols already counted are fine, up to 20 per connection.
    const watched = inputs[0].symbols.slice(0, 5);
    const more = await Promise.all(socket.subscribeBatch('stocks.live', Array.from({ length: 20 }, () => ({ symbols: watched }))));
    expect(more.filter((r) => r.ok)).toHaveLength(SOCKET_LIMITS.subscriptionsPerConnection - started.length);
    for (const r of more.filter((m) => !m.ok)) {
      expect(r).toMatchObject({ ok: false, error: { code: 'TOO_MANY_REQUESTS', message: TOO_MANY_SUBSCRIPTIONS_MESSAGE } });
    }
    expect(await activeSubscriptions()).toBe(SOCKET_LIMITS.subscriptionsPerConnection);

    // Unknown symbols are asked upstream once, however many polls run.
    const polls = fast.deps.market.live.polls;
    await waitFor(() => fast.deps.market.live.polls >= polls + 10, 5_000, 'ten more polls');
    const asked = upstream.quoteCalls.flat().filter((s) => s.startsWith('Q'));
    expect(asked.length).toBeLessThanOrEqual(100);
    expect(new Set(asked).size).toBe(asked.length);

    socket.close();
    await waitFor(() => fast.deps.market.live.watchedSymbols().length === 0, 5_000, 'hub emptied');
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
    await waitFor(() => fast.app.websockets.registry.size <= max - 1, 2_000, 'slot released');
    const again = await TrpcSocket.open(fast.url, { headers });
    expect(again.isOpen).toBe(true);
    for (const s of [again, ...sockets.slice(1)]) s.close();
  });
});

describe('the hub under new subscriptions', () => {
  it('fetches a newly watched symbol alone instead of polling every watched symbol', async () => {
    const hub = slow.deps.market.live;
    const socket = await TrpcSocket.open(slow.url);
    const base = socket.subscribe('stocks.live', { symbols: [...POPULAR_WATCHLIST] });
    await waitFor(() => base.data.length === POPULAR_WATCHLIST.length, 5_000, 'first quotes');
    const fullPolls = hub.polls;
    const callsBefore = slowUpstream.quoteCalls.length;

    const added = socket.subscribe('stocks.live', { symbols: ['KO'] });
    await waitFor(() => added.data.length === 1, 5_000, 'the new symbol’s quote');
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
