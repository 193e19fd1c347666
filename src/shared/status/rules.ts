import type { ServiceStatus, StorageUsage, SystemStatus } from './types';

/**
 * The status page's rules and constants (product.md §§4, 8 and 9), in one place for the server that computes the
 * status and the page that shows it.
 */

/** product.md §9: 90 daily bars per service; the history keeps exactly this many UTC days. */
export const STATUS_HISTORY_DAYS = 90;
/** product.md §9: the status page polls every 30 s. */
export const STATUS_POLL_MS = 30_000;
/** product.md §9: the storage bar takes the warning colour above this share of the allowance. */
export const STORAGE_WARNING_PERCENT = 80;
/** The storage allowance when STORAGE_LIMIT_GB is not set (product.md §8's "0 of 50 GB"). */
export const DEFAULT_STORAGE_LIMIT_GB = 50;

/** The uptime rule, as written under the bars. */
export const UPTIME_RULE =
  'Uptime is time-based: each service is checked every minute, and a day’s uptime is the share of its checked ' +
  'minutes that were online, with limited minutes counted as half. Days without checks show as no data and are ' +
  'not counted as up. The figure next to each service covers the days with data in the last 90.';

export const STATUS_DEFINITIONS: ReadonlyArray<{ status: ServiceStatus | 'no-data'; label: string; meaning: string }> =
  [
    { status: 'online', label: 'Online', meaning: 'Working normally; checks pass.' },
    {
      status: 'limited',
      label: 'Limited',
      meaning: 'Working with reduced function: slower, partly failing, or serving older data.',
    },
    { status: 'offline', label: 'Offline', meaning: 'Not working; checks fail.' },
    { status: 'no-data', label: 'No data', meaning: 'No checks ran that day (the server was not running).' },
  ];

export const STATUS_LABELS: Record<ServiceStatus, string> = {
  online: 'Online',
  limited: 'Limited',
  offline: 'Offline',
};

/** product.md §4, "the overall status likewise": online when every service is, offline when every one is, else limited. */
export function overallStatusOf(statuses: readonly ServiceStatus[]): ServiceStatus {
  if (statuses.length === 0) return 'limited';
  if (statuses.every((s) => s === 'online')) return 'online';
  if (statuses.every((s) => s === 'offline')) return 'offline';
  return 'limited';
}

/** product.md §4: a category shows Operational only if all its services are online, else Limited. */
export function categoryLabelOf(statuses: readonly ServiceStatus[]): 'Operational' | 'Limited' {
  return statuses.length > 0 && statuses.every((s) => s === 'online') ? 'Operational' : 'Limited';
}

/** Share of the allowance in use, 0..100+ (0 when the allowance is 0, so a broken answer never divides by zero). */
export function storagePercent(storage: StorageUsage): number {
  return storage.totalAllowedGB > 0 ? (storage.estimatedSizeGB / storage.totalAllowedGB) * 100 : 0;
}

export function isStorageWarning(percent: number): boolean {
  return percent > STORAGE_WARNING_PERCENT;
}

/** product.md §8: what the page shows when the status call fails. */
export const STATUS_WHEN_UNREACHABLE: SystemStatus = {
  overallStatus: 'limited',
  services: [],
  lastCheckedAt: null,
  instances: 0,
};
export const STORAGE_WHEN_UNREACHABLE: StorageUsage = {
  estimatedSizeGB: 0,
  totalAllowedGB: DEFAULT_STORAGE_LIMIT_GB,
  unit: 'GB',
};
