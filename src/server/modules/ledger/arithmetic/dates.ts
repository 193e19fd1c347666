/**
 * Calendar days as whole numbers (days since 1970-01-01, UTC) so the daily walk compares and steps integers, and
 * 'YYYY-MM-DD' text only at the edges.
 */
const MS_PER_DAY = 86_400_000;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

export function dayNumber(date: string): number | null {
  const match = DATE_TEXT.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / MS_PER_DAY;
}

export function dayText(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The same day `months` months earlier, clamped to the end of a shorter month (31 March − 1 month = 28/29 Feb). */
export function monthsBefore(day: number, months: number): number {
  const date = new Date(day * MS_PER_DAY);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.getTime() / MS_PER_DAY;
}

export function startOfYear(day: number): number {
  return Date.UTC(new Date(day * MS_PER_DAY).getUTCFullYear(), 0, 1) / MS_PER_DAY;
}
