import { bodyOf, type RestRoute } from './shim';

/** Account paths beyond the spec's: the data download and the account deletion. */
export const accountRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/account/export',
    call: async (caller, _req, reply) => {
      const data = await caller.account.export();
      // A download, not a page: the browser saves it under a dated name.
      reply.header('content-disposition', `attachment; filename="tickwise-data-${data.exportedAt.slice(0, 10)}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  },
  { method: 'DELETE', url: '/api/account', call: (caller, req) => caller.account.delete(bodyOf(req) as never) },
];
