/**
 * A typed Tickwise client for Node: signs in, reads quotes and the user's portfolios, and subscribes to live quotes.
 *
 *   TICKWISE_URL=http://localhost:3000 TICKWISE_EMAIL=you@example.com TICKWISE_PASSWORD=... npx tsx examples/typed-client.ts
 *
 * Every call is checked against the server's own router type (`tickwise/router`), so a renamed procedure or a
 * changed field is a compile error here, not a surprise at run time.
 */
import { createTRPCClient, createWSClient, httpBatchLink, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';
import type { AppRouter } from 'tickwise/router';

const baseUrl = (process.env.TICKWISE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const email = process.env.TICKWISE_EMAIL;
const password = process.env.TICKWISE_PASSWORD;
if (!email || !password) {
  console.error('Set TICKWISE_EMAIL and TICKWISE_PASSWORD (and TICKWISE_URL when not http://localhost:3000).');
  process.exit(2);
}

// The session is a cookie, as in a browser: keep what the server sets and send it back on every call.
let cookie = '';
const api = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: `${baseUrl}/trpc`,
      transformer: superjson,
      headers: () => (cookie ? { cookie } : {}),
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        const session = response.headers.getSetCookie().find((c) => c.startsWith('tickwise_session='));
        if (session) cookie = session.split(';')[0];
        return response;
      },
    }),
  ],
});

// Live quotes ride a websocket; the `ws` package lets Node send the session cookie with the upgrade request.
class WebSocketWithCookie extends WebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols, { headers: { cookie } });
  }
}

async function main(account: { email: string; password: string }): Promise<void> {
  const user = await api.auth.login.mutate(account);
  console.log(`signed in as ${user.email}`);

  const quotes = await api.stocks.quotes.query({ symbols: ['AAPL', 'MSFT'] });
  for (const quote of Object.values(quotes)) {
    console.log(
      `quote ${quote.symbol} ${quote.regularMarketPrice.toFixed(2)} (${quote.regularMarketChangePercent.toFixed(2)} %)`,
    );
  }

  // Portfolios are valued on the server: money arrives as exact decimal strings ('1234.56'), never floats.
  const portfolios = await api.portfolios.list.query();
  if (portfolios.length === 0) console.log('no portfolios yet');
  for (const portfolio of portfolios) {
    console.log(`portfolio ${portfolio.name}: ${portfolio.totalValue} USD, ${portfolio.holdingsCount} holdings`);
  }
  if (portfolios[0]) {
    const holdings = await api.portfolios.holdings.query({ id: portfolios[0].id });
    for (const h of holdings) {
      console.log(`holding ${h.symbol} ${h.quantity} @ ${h.currentPrice ?? 'no price'} = ${h.totalValue ?? 'n/a'}`);
    }
  }

  const socket = createWSClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/trpc`,
    WebSocket: WebSocketWithCookie as unknown as typeof globalThis.WebSocket,
  });
  const live = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket, transformer: superjson })] });

  // The subscription starts with the current quote of each symbol, then pushes every change.
  await new Promise<void>((resolve, reject) => {
    const seen = new Set<string>();
    const subscription = live.stocks.live.subscribe(
      { symbols: ['AAPL', 'MSFT'] },
      {
        onData: ({ symbol, quote }) => {
          console.log(`live ${symbol} ${quote.regularMarketPrice.toFixed(2)}`);
          seen.add(symbol);
          if (seen.size === 2) {
            subscription.unsubscribe();
            resolve();
          }
        },
        onError: reject,
      },
    );
  });

  await socket.close();
  await api.auth.logout.mutate();
  console.log('done');
}

main({ email, password }).catch((error: unknown) => {
  // Server errors arrive with the server's own message ('Invalid email or password', 'Too many attempts...').
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
