import type { FastifyRequest } from 'fastify';
import { symbolInputSchema } from '../../shared/market/schemas';
import type { AppDeps } from '../depsTypes';
import { getQuote } from '../modules/stocks/quotes';
import { refuseNul } from '../trpc/nulCharacter';
import { paramsOf, queryOf, type RestRoute } from './shim';

/** The quote a path names, refused exactly as the procedure's guard and schema refuse it (trpc/init.ts). */
function quoteAt(deps: Pick<AppDeps, 'market'>, req: FastifyRequest) {
  const input = { symbol: paramsOf(req).symbol };
  refuseNul(input);
  return getQuote(deps, symbolInputSchema.parse(input).symbol);
}

/**
 * product.md §7 market paths, each mapped onto the stocks procedure of the same meaning. The public quote reads, the
 * hottest after POST /api/stocks/quotes (registered on its own, quotesRoute.ts), skip tRPC's caller and the request
 * context as that one does: the procedure's own checks and handler (`quoteAt`, `getQuote`), nothing else, since a
 * quote reads no session and no database (issue 29 §3: the caller, the context and tRPC's three middleware levels
 * were 48 µs of a cached quote's 82; decision 030).
 */
export const stocksRoutes = (deps: Pick<AppDeps, 'market'>): RestRoute[] => [
  {
    method: 'GET',
    url: '/api/stocks/search',
    call: (caller, req) => caller.stocks.search({ q: queryOf(req).q ?? '' }),
  },
  {
    method: 'GET',
    url: '/api/stock/:symbol',
    callPublic: (req) => quoteAt(deps, req),
  },
  {
    method: 'GET',
    url: '/api/stocks/quote/:symbol',
    callPublic: (req) => quoteAt(deps, req),
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
