import { dayStartMs } from '../../../../shared/portfolio/ledger/days';
/**
 * Formats for the ledger's answers. Returns come as fractions with 8 decimals ("0.37336254" is 37.34 %); they are
 * shown as percentages with two decimals. null ("not meaningful") is shown as "—" by the callers, with a tooltip.
 */

const signedPercent = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

export const NOT_MEANINGFUL = '—';

/** "0.12345678" -> "+12.35%"; null -> "—". */
export function formatFraction(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return NOT_MEANINGFUL;
  return signedPercent.format(Number(value));
}

/** "2024-03-01" -> "1 Mar 2024", read as a calendar day (never shifted by the time zone). */
export function formatDay(day: string): string {
  return new Date(dayStartMs(day)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Today as 'YYYY-MM-DD' in the user's calendar (what a date input means by today). */
export function todayLocal(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
