/** Calendar days as the ledger writes them, 'YYYY-MM-DD' in UTC, for the server and the screens alike. */

/** The UTC calendar day of a time in ms, 'YYYY-MM-DD'. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The start (00:00 UTC, in ms) of a 'YYYY-MM-DD' day, read as a calendar day (never shifted by the time zone). */
export function dayStartMs(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

/**
 * The earliest date an activity may have: the market data values nothing before it, and a ledger reaching back to
 * year 100 made one performance answer walk 700,000 days (issue 26). Here, not in schemas.ts, so the form can say it
 * without loading the schemas.
 */
export const MIN_ACTIVITY_DATE = '1970-01-01';
export const DATE_TOO_EARLY_MESSAGE = `Date must be on or after ${MIN_ACTIVITY_DATE}: market prices start there`;
