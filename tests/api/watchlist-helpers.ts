import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import { UNIVERSE } from '../../src/server/market/universe';
import type { AppRouter } from '../../src/server/trpc/router';
import { POPULAR_WATCHLIST } from '../../src/shared/market/constants';
import type { Person } from './social-helpers';

/** Steps shared by the watchlist and calendar API tests. */

/** A typed tRPC client over HTTP, as the person (their cookie and address). */
export function trpcAs(baseUrl: string, who: Person) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl}/trpc`,
        transformer: superjson,
        headers: { cookie: who.cookie, 'x-forwarded-for': who.browser.ip },
      }),
    ],
  });
}

/** `count` symbols the simulated market knows, companies of the S&P 500 first (the popular list's left out). */
export function knownSymbols(count: number, skip = 0): string[] {
  const popular = new Set<string>(POPULAR_WATCHLIST);
  return UNIVERSE.map((i) => i.symbol)
    .filter((s) => !popular.has(s))
    .slice(skip, skip + count);
}

export async function createList(who: Person, name: string, symbols?: string[]): Promise<string> {
  const res = await who.browser.post('/api/watchlists', { name, symbols });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.json.id as string;
}
