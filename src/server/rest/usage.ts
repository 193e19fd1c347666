import type { RestRoute } from './shim';

export const usageRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/usage-stats', call: (caller) => caller.usage.stats() },
];
