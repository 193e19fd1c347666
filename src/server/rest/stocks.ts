import { quotesInputSchema } from '../../shared/market/schemas';
import type { AppDeps } from '../deps';
import { quotesMapBody } from '../market/quotesJson';
import { getQuotes } from '../modules/stocks/quotes';
import { bodyOf, paramsOf, queryOf, type RestRoute } from './shim';

/**
 * SPEC section 7 market paths, each mapped onto the stocks procedure of the same meaning. The quotes path alone
 * skips tRPC's caller for speed, running the procedure's own schema and handler (see modules/stocks/quotes.ts).
 */
export function stocksRoutes(deps: AppDeps): RestRoute[] {
  return [
    {
      method: 'POST',
      url: '/api/stocks/quotes',
      call: async (_caller, req, reply) => {
        const { symbols } = quotesInputSchema.parse({
          symbols: (bodyOf(req) as { symbols?: unknown }).symbols,
        });
        const quotes = await getQuotes(deps, symbols);
        // Same bytes as the default serializer, encoded once per distinct watchlist state (see quotesJson.ts).
        reply.type('application/json; charset=utf-8');
        return quotesMapBody(symbols, quotes);
      },
    },
    {
      method: 'GET',
      url: '/api/stocks/search',
      call: (caller, req) => caller.stocks.search({ q: queryOf(req).q ?? '' }),
    },
    {
      method: 'GET',
      url: '/api/stock/:symbol',
      call: (caller, req) => caller.stocks.quote({ symbol: paramsOf(req).symbol }),
    },
    {
      method: 'GET',
      url: '/api/stocks/quote/:symbol',
      call: (caller, req) => caller.stocks.quote({ symbol: paramsOf(req).symbol }),
    },
    {
      method: 'GET',
      url: '/api/stock/:symbol/history',
      call: (caller, req) =>
        caller.stocks.history({
          symbol: paramsOf(req).symbol,
          period: queryOf(req).period,
        }),
    },
    {
      method: 'GET',
      url: '/api/stock-analysis/:symbol',
      call: (caller, req) => caller.stocks.analysis({ symbol: paramsOf(req).symbol }),
    },
    {
      method: 'GET',
      url: '/api/stocks/market-info',
      call: (caller) => caller.stocks.marketInfo(),
    },
  ];
}
