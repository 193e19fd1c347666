import { paramsOf, queryOf, type RestRoute } from './shim';

/**
 * product.md §7 market paths, each mapped onto the stocks procedure of the same meaning. POST /api/stocks/quotes
 * is registered on its own (quotesRoute.ts): it skips tRPC's caller for speed.
 */
export const stocksRoutes: RestRoute[] = [
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
    url: '/api/stock/:symbol/dividends',
    call: (caller, req) => caller.stocks.dividends({ symbol: paramsOf(req).symbol }),
  },
  {
    method: 'GET',
    url: '/api/stock/:symbol/earnings',
    call: (caller, req) => caller.stocks.earnings({ symbol: paramsOf(req).symbol }),
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
