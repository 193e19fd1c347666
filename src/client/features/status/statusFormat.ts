import { STATUS_LABELS } from '../../../shared/status/rules';
import type { ServiceStatus, UptimeDay } from '../../../shared/status/types';

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 99.93 -> "99.93%"; null -> "No data". */
export function formatUptime(percent: number | null): string {
  return percent === null ? 'No data' : `${twoDecimals.format(percent)}%`;
}

/**
 * Sizes in the unit that reads best: "193 KB", "12.4 MB", "3.20 GB"; 0 -> "0 GB" (product.md §8's "0 of 50 GB").
 * A unit is kept only while its rounded figure stays under 1,000: 1,000 to 1,023 KB reads "1.0 MB", not "1,000 KB".
 */
export function formatStorageSize(gb: number): string {
  if (gb <= 0) return '0 GB';
  const kb = gb * 1024 * 1024;
  if (kb < 999.5) return `${whole.format(Math.max(1, kb))} KB`;
  const mb = kb / 1024;
  if (mb < 999.95) return `${oneDecimal.format(mb)} MB`;
  return `${twoDecimals.format(gb)} GB`;
}

/** '2026-11-21' -> 'Nov 21, 2026' (the date is a UTC day, so it is formatted in UTC). */
export function formatDay(date: string): string {
  return dayLabel.format(new Date(`${date}T00:00:00Z`));
}

export function formatIncidents(count: number): string {
  return count === 0 ? 'No incidents' : count === 1 ? '1 incident' : `${count} incidents`;
}

/** The day's status word for its bar: the worst status seen, or 'No data'. */
export function dayStatusLabel(day: UptimeDay): string {
  return day.worstStatus ? STATUS_LABELS[day.worstStatus] : 'No data';
}

/** One sentence per bar, read by screen readers and shown on hover: date, uptime, incidents. */
export function describeDay(day: UptimeDay): string {
  if (day.uptime === null) return `${formatDay(day.date)}: no data`;
  return `${formatDay(day.date)}: ${formatUptime(day.uptime)} uptime, ${formatIncidents(day.incidents).toLowerCase()}`;
}

/** "1,439 online, 1 offline of 1,440 checked minutes". */
export function describeMinutes(day: UptimeDay): string {
  const parts = [`${whole.format(day.onlineMinutes)} online`];
  if (day.limitedMinutes) parts.push(`${whole.format(day.limitedMinutes)} limited`);
  if (day.offlineMinutes) parts.push(`${whole.format(day.offlineMinutes)} offline`);
  return `${parts.join(', ')} of ${whole.format(day.checkedMinutes)} checked minutes`;
}

export const OVERALL_HEADLINES: Record<ServiceStatus, string> = {
  online: 'All systems online',
  limited: 'Some services are limited',
  offline: 'Tickwise is offline',
};
