import type { ServiceStatus, UptimeDay } from '../../shared/status/types';

/**
 * Daily roll-ups of status checks. The uptime rule (written on the status page too):
 *
 * - Time is counted in minutes. A check counts for the UTC minute it ran in; a minute with several checks takes the
 *   worst of them, so an extra check never dilutes an outage and a burst of checks never weighs more than a minute.
 *   Minutes never straddle midnight, so every minute belongs to exactly one UTC day.
 * - A day's uptime is the share of its checked minutes that were online, limited minutes counting as half.
 *   Minutes without a check (the server was down or restarting) are not counted either way; a day without any
 *   check has no uptime at all ('no data'), never 100 %.
 * - An incident is a spell of consecutive non-online checked minutes. A spell that crosses midnight counts on both
 *   days, so every red or yellow day shows at least one incident.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

export interface CheckRow {
  service: string;
  status: ServiceStatus;
  checkedAt: number;
}

export interface DayTotals {
  checkedMinutes: number;
  onlineMinutes: number;
  limitedMinutes: number;
  offlineMinutes: number;
  incidents: number;
}

const SEVERITY: Record<ServiceStatus, number> = { online: 0, limited: 1, offline: 2 };
const BY_SEVERITY: readonly ServiceStatus[] = ['online', 'limited', 'offline'];

export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function utcDateKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Day totals by service, then by the UTC day's start (ms). */
export type Rollups = Map<string, Map<number, DayTotals>>;

interface ServiceCursor {
  minute: number;
  severity: number;
  /** The day whose incident count already includes the current spell of non-online minutes; null when online. */
  spellCountedOn: number | null;
}

/**
 * Folds checks into day totals. Checks of one service must arrive in time order (services may interleave), which is
 * how the history query reads them; `rollUpChecks` sorts arbitrary rows first.
 */
export class RollupAccumulator {
  readonly rollups: Rollups = new Map();
  private readonly cursors = new Map<string, ServiceCursor>();

  add(service: string, status: ServiceStatus, checkedAt: number): void {
    const minute = Math.floor(checkedAt / MINUTE_MS);
    const severity = SEVERITY[status];
    const cursor = this.cursors.get(service);
    if (!cursor) {
      this.cursors.set(service, { minute, severity, spellCountedOn: null });
      return;
    }
    if (minute === cursor.minute) {
      cursor.severity = Math.max(cursor.severity, severity);
      return;
    }
    if (minute < cursor.minute) throw new Error(`checks of ${service} out of time order`);
    this.commit(service, cursor);
    cursor.minute = minute;
    cursor.severity = severity;
  }

  /** Commits every service's last minute; the accumulator is done afterwards. */
  finish(): Rollups {
    for (const [service, cursor] of this.cursors) this.commit(service, cursor);
    this.cursors.clear();
    return this.rollups;
  }

  private commit(service: string, cursor: ServiceCursor): void {
    const day = utcDayStart(cursor.minute * MINUTE_MS);
    let days = this.rollups.get(service);
    if (!days) this.rollups.set(service, (days = new Map<number, DayTotals>()));
    let totals = days.get(day);
    if (!totals) days.set(day, (totals = emptyTotals()));
    totals.checkedMinutes++;
    if (cursor.severity === 0) {
      totals.onlineMinutes++;
      cursor.spellCountedOn = null;
      return;
    }
    if (cursor.severity === 1) totals.limitedMinutes++;
    else totals.offlineMinutes++;
    if (cursor.spellCountedOn !== day) {
      totals.incidents++;
      cursor.spellCountedOn = day;
    }
  }
}

export function emptyTotals(): DayTotals {
  return { checkedMinutes: 0, onlineMinutes: 0, limitedMinutes: 0, offlineMinutes: 0, incidents: 0 };
}

/** Day totals of any set of checks. */
export function rollUpChecks(checks: readonly CheckRow[]): Rollups {
  const sorted = [...checks].sort((a, b) => a.checkedAt - b.checkedAt);
  const accumulator = new RollupAccumulator();
  for (const check of sorted) accumulator.add(check.service, check.status, check.checkedAt);
  return accumulator.finish();
}

/**
 * Percent of checked minutes online, limited counting half, floored to 2 decimals (99.996 % shows as 99.99 %, never
 * 100 %); null without checked minutes. Integer arithmetic up to the one division keeps the floor exact.
 */
export function uptimePercent(
  totals: Pick<DayTotals, 'checkedMinutes' | 'onlineMinutes' | 'limitedMinutes'>,
): number | null {
  if (totals.checkedMinutes === 0) return null;
  return Math.floor(((2 * totals.onlineMinutes + totals.limitedMinutes) * 10_000) / (2 * totals.checkedMinutes)) / 100;
}

export function worstStatusOf(totals: DayTotals): ServiceStatus | null {
  if (totals.checkedMinutes === 0) return null;
  return BY_SEVERITY[totals.offlineMinutes > 0 ? 2 : totals.limitedMinutes > 0 ? 1 : 0];
}

/** The `days` UTC days ending with the one containing `now`, oldest first, each with its totals (empty = no data). */
export function dailyHistory(days: Map<number, DayTotals> | undefined, now: number, count: number): UptimeDay[] {
  const today = utcDayStart(now);
  const history: UptimeDay[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const start = today - i * DAY_MS;
    const totals = days?.get(start) ?? emptyTotals();
    history.push({
      date: utcDateKey(start),
      uptime: uptimePercent(totals),
      worstStatus: worstStatusOf(totals),
      incidents: totals.incidents,
      checkedMinutes: totals.checkedMinutes,
      onlineMinutes: totals.onlineMinutes,
      limitedMinutes: totals.limitedMinutes,
      offlineMinutes: totals.offlineMinutes,
    });
  }
  return history;
}

/** Uptime over a window: the same rule over the sum of its days' minutes. */
export function windowUptime(history: readonly UptimeDay[]): number | null {
  const sum = { checkedMinutes: 0, onlineMinutes: 0, limitedMinutes: 0 };
  for (const day of history) {
    sum.checkedMinutes += day.checkedMinutes;
    sum.onlineMinutes += day.onlineMinutes;
    sum.limitedMinutes += day.limitedMinutes;
  }
  return uptimePercent(sum);
}
