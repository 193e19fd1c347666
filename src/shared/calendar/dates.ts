import { dayStartMs, utcDay } from '../portfolio/ledger/days';

/** Calendar windows over 'YYYY-MM-DD' days (UTC), for the server and the screens alike. */

const DAY_MS = 86_400_000;

export const addDays = (day: string, days: number) => utcDay(dayStartMs(day) + days * DAY_MS);

/** Days from `from` to `to`, both counted (the same day is 1). */
export const daysCovered = (from: string, to: string) => Math.round((dayStartMs(to) - dayStartMs(from)) / DAY_MS) + 1;

/**
 * The week around `day`, Monday to Sunday: the dashboard's "this week" card asks for it with the reader's own day
 * (their time zone); the server defaults to the UTC one.
 */
export function weekOf(day: string): { from: string; to: string } {
  const weekday = (new Date(dayStartMs(day)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const from = addDays(day, -weekday);
  return { from, to: addDays(from, 6) };
}
