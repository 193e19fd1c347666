/** Calendar days as 'YYYY-MM-DD' (UTC), with the month and year arithmetic a question's periods need. */

export type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function dayOf(ms: number): string {
  return isoDay(new Date(ms));
}

/** A day moved back (negative n: forward) by n units, clamped to the month's end (Mar 31 - 1 month = Feb 28). */
export function shift(day: string, unit: Unit, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (unit === 'day') return isoDay(new Date(d.getTime() - n * 86_400_000));
  if (unit === 'week') return isoDay(new Date(d.getTime() - n * 7 * 86_400_000));
  const months = unit === 'month' ? n : unit === 'quarter' ? 3 * n : 12 * n;
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() - months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last))));
}

/** First and last day of the calendar period holding `day`. */
export function periodOf(day: string, unit: 'month' | 'quarter' | 'year'): { from: string; to: string } {
  const d = new Date(`${day}T00:00:00Z`);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const first = unit === 'year' ? 0 : unit === 'quarter' ? m - (m % 3) : m;
  const months = unit === 'year' ? 12 : unit === 'quarter' ? 3 : 1;
  return { from: isoDay(new Date(Date.UTC(y, first, 1))), to: isoDay(new Date(Date.UTC(y, first + months, 0))) };
}

/** Whole days from a to b. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
