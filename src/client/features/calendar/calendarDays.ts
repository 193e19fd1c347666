import { addDays, weekOf } from '../../../shared/calendar/dates';

/** The reader's own day (their time zone), YYYY-MM-DD: the calendar's "today" and the dashboard's week. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type CalendarView = 'week' | 'month' | 'list';

/** The days a view shows around `anchor`: its week (Monday to Sunday), or its month's weeks in full. */
export function windowOf(view: CalendarView, anchor: string): { from: string; to: string } {
  if (view === 'week') return weekOf(anchor);
  const first = `${anchor.slice(0, 8)}01`;
  const last = addDays(`${nextMonth(anchor).slice(0, 8)}01`, -1);
  if (view === 'list') return { from: first, to: last };
  return { from: weekOf(first).from, to: weekOf(last).to };
}

/** The same day a month later (clamped to the month's end is not needed: the views only read the month). */
export function nextMonth(day: string, by = 1): string {
  const [y, m] = day.split('-').map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** Where Previous / Next lead from `anchor`. */
export function step(view: CalendarView, anchor: string, direction: 1 | -1): string {
  return view === 'week' ? addDays(anchor, 7 * direction) : nextMonth(anchor, direction);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

const LONG = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const at = (day: string) => new Date(`${day}T00:00:00Z`);
/** "Mon, Nov 30". */
export const formatDay = (day: string) => LONG.format(at(day));
/** "Nov 30". */
export const formatShortDay = (day: string) => SHORT.format(at(day));
/** The heading of a view: "November 2026", or "Nov 30 – Dec 6" for a week. */
export function windowTitle(view: CalendarView, anchor: string): string {
  if (view !== 'week') return MONTH.format(at(anchor));
  const { from, to } = weekOf(anchor);
  return `${formatShortDay(from)} – ${formatShortDay(to)}`;
}
