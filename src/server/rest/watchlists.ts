import { bodyWithIds, paramsOf, type RestRoute } from './shim';

/** Issue 30 §1: the watchlist paths, each onto its procedure (the answers are the procedures' own). */
export const watchlistsRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/watchlists', call: (caller) => caller.watchlists.list() },
  {
    method: 'POST',
    url: '/api/watchlists',
    status: 201,
    call: (caller, req) => caller.watchlists.create(bodyWithIds(req)),
  },
  {
    method: 'GET',
    url: '/api/watchlists/:id',
    call: (caller, req) => caller.watchlists.get({ id: paramsOf(req).id }),
  },
  {
    method: 'PATCH',
    url: '/api/watchlists/:id',
    call: (caller, req) => caller.watchlists.update(bodyWithIds(req, { id: paramsOf(req).id })),
  },
  {
    method: 'DELETE',
    url: '/api/watchlists/:id',
    call: (caller, req) => caller.watchlists.delete({ id: paramsOf(req).id }),
  },
  {
    method: 'POST',
    url: '/api/watchlists/:id/symbols',
    status: 201,
    call: (caller, req) => caller.watchlists.addSymbol(bodyWithIds(req, { id: paramsOf(req).id })),
  },
  {
    method: 'DELETE',
    url: '/api/watchlists/:id/symbols/:symbol',
    call: (caller, req) => caller.watchlists.removeSymbol({ id: paramsOf(req).id, symbol: paramsOf(req).symbol }),
  },
  {
    method: 'PUT',
    url: '/api/watchlists/:id/order',
    call: (caller, req) => caller.watchlists.reorder(bodyWithIds(req, { id: paramsOf(req).id })),
  },
];
