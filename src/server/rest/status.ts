import type { RestRoute } from './shim';

/** product.md §7 paths of this domain, each onto its procedure. */
export const statusRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/system/status', call: (caller) => caller.status.system() },
  { method: 'GET', url: '/api/system/storage', call: (caller) => caller.status.storage() },
];
