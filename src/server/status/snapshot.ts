import { overallStatusOf, STATUS_HISTORY_DAYS } from '../../shared/status/rules';
import type { ServiceReport, SystemStatus } from '../../shared/status/types';
import type { ProbeResult, ServiceInfo } from './probe';
import { dailyHistory, windowUptime, type Rollups } from './rollup';

export interface LatestCheck {
  result: ProbeResult;
  checkedAt: number;
}

/**
 * The status answer, built once per probe round and served from memory until the next. A service not checked yet
 * (only possible before the first round ends) counts as limited: nothing proves it works.
 */
export function buildSystemStatus(
  services: readonly ServiceInfo[],
  latest: ReadonlyMap<string, LatestCheck>,
  rollups: Rollups,
  now: number,
  instances: number,
): SystemStatus {
  const reports: ServiceReport[] = services.map((service) => {
    const check = latest.get(service.id);
    const days = dailyHistory(rollups.get(service.id), now, STATUS_HISTORY_DAYS);
    return {
      id: service.id,
      name: service.name,
      category: service.category,
      description: service.description,
      status: check?.result.status ?? 'limited',
      uptime: windowUptime(days),
      lastCheckedAt: check ? new Date(check.checkedAt).toISOString() : null,
      latencyMs: check?.result.latencyMs ?? null,
      days,
    };
  });
  const lastChecks = [...latest.values()].map((c) => c.checkedAt);
  return {
    overallStatus: overallStatusOf(reports.map((r) => r.status)),
    services: reports,
    lastCheckedAt: lastChecks.length ? new Date(Math.max(...lastChecks)).toISOString() : null,
    instances,
  };
}
