import type { ServiceReport } from '../../../shared/status/types';

/** Services grouped by category, categories in the order their first service appears (the server's order). */
export function groupByCategory(services: readonly ServiceReport[]): Array<[string, ServiceReport[]]> {
  const groups = new Map<string, ServiceReport[]>();
  for (const service of services) {
    const list = groups.get(service.category) ?? [];
    list.push(service);
    groups.set(service.category, list);
  }
  return [...groups];
}
