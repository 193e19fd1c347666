import { objectBody, paramsOf, queryOf, type RestRoute } from './shim';

/** Price alert paths (issue 30 §2), each onto its procedure. The path's id is laid over the body. */
export const alertsRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/alerts', call: (caller) => caller.alerts.list() },
  {
    method: 'POST',
    url: '/api/alerts',
    status: 201,
    call: (caller, req) => caller.alerts.create(objectBody(req) as never),
  },
  {
    method: 'PATCH',
    url: '/api/alerts/:id',
    call: (caller, req) => caller.alerts.update({ ...objectBody(req), id: paramsOf(req).id }),
  },
  {
    method: 'DELETE',
    url: '/api/alerts/:id',
    call: (caller, req) => caller.alerts.delete({ id: paramsOf(req).id }),
  },
  {
    method: 'GET',
    url: '/api/alerts/:id/history',
    call: (caller, req) => {
      const { cursor, limit } = queryOf(req);
      return caller.alerts.history({ id: paramsOf(req).id, cursor, limit });
    },
  },
];
