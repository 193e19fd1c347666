import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { LiveQuoteEvent } from '../../src/shared/market/types';
import type { PublicUser } from '../../src/shared/user';
import { manualClock } from '../helpers/marketProviders';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { registerBody, uniqueEmail } from './auth-helpers';

/**
 * The browser's one data layer (src/client/lib: the tRPC client, its react-query options and the tab's one websocket)
 * against the app's own router on the real server: queries, the sign-in check, live quotes over the shared socket,
 * its reconnect waits, and its reopening when the signed-in user changes. The page's globals are stood in for: a
 * cookie jar behind fetch and WebSocket, as a browser tab keeps one, and window/document event targets.
 */

// A Tuesday at 10:37 New York: the simulated exchange is trading, so prices move with the clock.
const clock = manualClock(Date.UTC(2026, 10, 24, 15, 37, 10));
let server: TestServer;

const cookies = new Map<string, string>();
const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
/** Every websocket the page opened, in order. */
const sockets: WebSocket[] = [];

/** The browser's WebSocket: this page's origin and cookies, as a tab would send them. */
class PageWebSocket extends WebSocket {
  constructor(url: string) {
    super(url, { origin: server.origin, headers: { cookie: cookieHeader() } });
    sockets.push(this);
  }
}

const window = Object.assign(new EventTarget(), { location: { protocol: 'http:', host: '' } });
const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });

type ClientModules = Awaited<ReturnType<typeof loadClient>>;
let client: ClientModules;

async function loadClient() {
  const [{ useTRPC, useTRPCClient }, { queryClient }, { socketReconnectAttempt }, { errorBodyOf, isUnauthorized }] =
    await Promise.all([
      import('../../src/client/lib/trpc'),
      import('../../src/client/lib/queryClient'),
      import('../../src/client/lib/sharedSocket'),
      import('../../src/client/lib/errors'),
    ]);
  return {
    trpc: useTRPC(),
    trpcClient: useTRPCClient(),
    queryClient,
    socketReconnectAttempt,
    errorBodyOf,
    isUnauthorized,
  };
}

beforeAll(async () => {
  server = await startTestServer({ MARKET_LIVE_POLL_MS: '20' }, { now: clock.now });
  window.location.host = new URL(server.origin).host;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', document);
  vi.stubGlobal('WebSocket', PageWebSocket);
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', cookieHeader());
    if (init.method && init.method !== 'GET') headers.set('origin', server.origin);
    const response = await realFetch(new URL(input, server.origin), { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  });
  client = await loadClient();
});

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  vi.unstubAllGlobals();
  await server?.close();
});

/** Live quotes for the symbols until `stop()`; `events` fills as they arrive. */
function watchQuotes(symbols: string[]) {
  const events: LiveQuoteEvent[] = [];
  const errors: unknown[] = [];
  const subscription = client.trpcClient.stocks.live.subscribe(
    { symbols },
    { onData: (event) => events.push(event), onError: (error) => errors.push(error) },
  );
  return { events, errors, stop: () => subscription.unsubscribe() };
}

const openSockets = () => sockets.filter((ws) => ws.readyState === WebSocket.OPEN);

describe('queries through the app’s tRPC client and query cache', () => {
  it('answers with what the router returns, cached under tRPC’s own key', async () => {
    const options = client.trpc.stocks.quote.queryOptions({ symbol: 'AAPL' });
    const quote = await client.queryClient.fetchQuery(options);
    expect(quote).toMatchObject({ symbol: 'AAPL', regularMarketPrice: expect.any(Number) });
    expect(client.queryClient.getQueryData(client.trpc.stocks.quote.queryKey({ symbol: 'AAPL' }))).toBe(quote);
  });

  it('fails with the answer’s status and message, as the screens read errors', async () => {
    const error = await client.queryClient
      .fetchQuery(client.trpc.stocks.history.queryOptions({ symbol: 'ZZZZZZ', period: '1D' }))
      .catch((e: unknown) => e);
    expect(client.errorBodyOf(error)).toMatchObject({ message: 'Stock not found', status: 404 });
  });

  it('asks who is signed in (null when nobody is), and a signed-in call refused is Unauthorized', async () => {
    await expect(client.queryClient.fetchQuery(client.trpc.auth.user.queryOptions())).resolves.toBeNull();
    const refused = await client.queryClient
      .fetchQuery(client.trpc.usage.stats.queryOptions())
      .catch((e: unknown) => e);
    expect(client.isUnauthorized(refused)).toBe(true);
  });
});

describe('the tab’s one websocket', () => {
  it('carries every subscription over one socket, and stops sending once one is stopped', async () => {
    const first = watchQuotes(['AAPL']);
    const second = watchQuotes(['MSFT']);
    await vi.waitFor(() => expect(first.events.length && second.events.length).toBeGreaterThan(0));
    expect(openSockets()).toHaveLength(1);
    expect(first.events.every((e) => e.symbol === 'AAPL')).toBe(true);
    expect(second.events.every((e) => e.symbol === 'MSFT')).toBe(true);

    first.stop();
    const stoppedAt = first.events.length;
    const seenBySecond = second.events.length;
    clock.advance(60_000);
    // The other subscription's next push proves the server has moved on; the stopped one got nothing more.
    await vi.waitFor(() => expect(second.events.length).toBeGreaterThan(seenBySecond));
    expect(first.events).toHaveLength(stoppedAt);
    second.stop();
  });

  it('after a drop, waits before trying again, resends its subscriptions, and tries at once when back online', async () => {
    const quotes = watchQuotes(['KO']);
    await vi.waitFor(() => expect(quotes.events.length).toBeGreaterThan(0));
    expect(openSockets()).toHaveLength(1);

    // A dropped connection: the first attempt waits 1 s (product.md §9), then the subscription starts again.
    const droppedAt = Date.now();
    const count = quotes.events.length;
    openSockets()[0].terminate();
    await vi.waitFor(() => expect(client.socketReconnectAttempt.get()).toBe(1));
    await vi.waitFor(() => expect(quotes.events.length).toBeGreaterThan(count), { timeout: 5_000 });
    expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(950);
    expect(client.socketReconnectAttempt.get()).toBe(0);

    // Dropped again, and the browser says it is back online: the attempt starts then, not when the 1 s wait ends
    // (the wait begins a moment after the drop is noticed, so the event is sent until a socket opens).
    const again = quotes.events.length;
    const opened = sockets.length;
    openSockets()[0].terminate();
    await vi.waitFor(() => expect(client.socketReconnectAttempt.get()).toBe(1));
    await vi.waitFor(
      () => {
        window.dispatchEvent(new Event('online'));
        expect(sockets.length).toBe(opened + 1);
      },
      { timeout: 900, interval: 5 },
    );
    await vi.waitFor(() => expect(quotes.events.length).toBeGreaterThan(again), { timeout: 5_000 });
    quotes.stop();
  });

  it('reopens with the new cookie when the signed-in user changes, and its subscriptions carry on', async () => {
    const quotes = watchQuotes(['SPY']);
    await vi.waitFor(() => expect(quotes.events.length).toBeGreaterThan(0));
    const before = openSockets()[0];
    // The sign-in check's first answer says whose cookie the socket was opened with: nobody's.
    await client.queryClient.fetchQuery({ ...client.trpc.auth.user.queryOptions(), staleTime: 0 });

    const registered = await fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registerBody(uniqueEmail('data-layer'))),
    });
    expect(registered.status).toBe(200);
    const count = quotes.events.length;
    const user = await client.queryClient.fetchQuery({ ...client.trpc.auth.user.queryOptions(), staleTime: 0 });
    expect((user as PublicUser).firstName).toBe('Ada');

    await vi.waitFor(() => expect(before.readyState).toBe(WebSocket.CLOSED));
    await vi.waitFor(() => expect(openSockets()).toHaveLength(1));
    await vi.waitFor(() => expect(quotes.events.length).toBeGreaterThan(count));
    // The new socket speaks for the new user: a subscription that needs one runs.
    const started = vi.fn();
    const messages = client.trpcClient.social.messages.subscribe(undefined, { onStarted: started });
    await vi.waitFor(() => expect(started).toHaveBeenCalled());
    expect(openSockets()).toHaveLength(1);
    messages.unsubscribe();
    quotes.stop();
  });
});
