/** Calendar days as the ledger writes them, 'YYYY-MM-DD' in UTC, for the server and the screens alike. */

/** The UTC calendar day of a time in ms, 'YYYY-MM-DD'. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The start (00:00 UTC, in ms) of a 'YYYY-MM-DD' day, read as a calendar day (never shifted by the time zone). */
export function dayStartMs(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}
