import type { AlertFrequency } from '../../../shared/alerts/conditions';
import { DAY_MS } from '../../../shared/market/nyseCalendar';

/**
 * The period a firing belongs to, and when the alert may fire next (decision 021). A firing is unique per (alert,
 * period), so the period is what makes "at most once" hold across instances:
 *
 * - once: `<generation>:once`; the alert is then done (triggered);
 * - daily: `<generation>:<UTC date>`, next allowed at the next 00:00 UTC. The UTC day, not an exchange's: every
 *   regular session of the exchanges we list lies inside one UTC day (New York 14:30-21:00 UTC, London and Frankfurt
 *   07:00-16:30, Zurich, Toronto, Tokyo 00:00-06:30), so it is also "once a trading session", with no calendar to
 *   look up; crypto trades through midnight and has no session anyway;
 * - throttle: `<generation>:<window>`, the tick time divided by the interval, next allowed one interval after the
 *   tick (so two firings are at least an interval apart and never share a window).
 *
 * The generation grows whenever the alert is armed again (an edit, a resume), so an edited alert starts afresh.
 */

export interface FiringSchedule {
  period: string;
  /** Null: the alert is done (once). */
  nextEligibleAt: number | null;
}

export function firingSchedule(
  alert: { frequency: string; intervalMs: number | null; generation: number },
  tickAt: number,
): FiringSchedule {
  const frequency = alert.frequency as AlertFrequency;
  if (frequency === 'daily') {
    const day = Math.floor(tickAt / DAY_MS);
    return {
      period: `${alert.generation}:${new Date(day * DAY_MS).toISOString().slice(0, 10)}`,
      nextEligibleAt: (day + 1) * DAY_MS,
    };
  }
  if (frequency === 'throttle' && alert.intervalMs) {
    return {
      period: `${alert.generation}:${Math.floor(tickAt / alert.intervalMs)}`,
      nextEligibleAt: tickAt + alert.intervalMs,
    };
  }
  return { period: `${alert.generation}:once`, nextEligibleAt: null };
}
