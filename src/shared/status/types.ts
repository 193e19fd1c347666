/**
 * System status shapes shared by server and client (product.md §§3, 4 and 7): GET /api/system/status and
 * GET /api/system/storage, and the tRPC procedures behind them.
 */

/** product.md §4: a service (and the whole system) is online, limited or offline. */
export type ServiceStatus = 'online' | 'limited' | 'offline';

/** One UTC day of one service, rolled up from its checks (see server/status/rollup.ts for the rule). */
export interface UptimeDay {
  /** The UTC date, 'YYYY-MM-DD'. */
  date: string;
  /** Percent of the day's checked minutes that were online (limited counts half), floored to 2 decimals; null = no data. */
  uptime: number | null;
  /** The worst status seen that day; null when the day had no checks. */
  worstStatus: ServiceStatus | null;
  /** Separate spells of limited or offline checks that touched the day. */
  incidents: number;
  checkedMinutes: number;
  onlineMinutes: number;
  limitedMinutes: number;
  offlineMinutes: number;
}

/** product.md §3's service fields, plus the history behind its bars. */
export interface ServiceReport {
  /** Stable key ('database', 'market', ...). */
  id: string;
  name: string;
  category: string;
  description: string;
  /** The latest check's result. */
  status: ServiceStatus;
  /** Percent over the days with data in the 90-day window (limited counts half); null when there is no data yet. */
  uptime: number | null;
  /** ISO 8601 time of the latest check, null before the first. */
  lastCheckedAt: string | null;
  /** Duration of the latest check in milliseconds. */
  latencyMs: number | null;
  /** Exactly STATUS_HISTORY_DAYS entries, oldest first, ending with today (UTC). */
  days: UptimeDay[];
}

export interface SystemStatus {
  overallStatus: ServiceStatus;
  services: ServiceReport[];
  /** ISO 8601 time of the latest probe round, null before the first. */
  lastCheckedAt: string | null;
  /** Server instances sharing the database seen in the last minute (1 for a single server; 0 when unknown). */
  instances: number;
}

/** product.md §3: Storage. */
export interface StorageUsage {
  estimatedSizeGB: number;
  totalAllowedGB: number;
  unit: 'GB';
}
