/**
 * Which days of a performance range become points of its drawn series. A chart is a thousand or two pixels wide,
 * and a ledger reaching back decades made answers of tens of megabytes (issue 26): the series keeps every day of the
 * last three years, the last day of each week for the seven years before, and the last day of each month before
 * that, plus the range's first day. About 2,000 points at most (56 years since 1970), and every point is the exact
 * close of its day. Only the drawn series thins: the returns, the monthly returns and the decomposition are
 * computed from every day.
 */
const DAILY_DAYS = 3 * 365 + 1;
const WEEKLY_DAYS = 10 * 365 + 3;
/** Day 0, 1970-01-01, was a Thursday: day d is a Sunday when (d + 4) % 7 === 0. */
const isSunday = (day: number) => (day + 4) % 7 === 0;
const MS_PER_DAY = 86_400_000;
const isLastOfMonth = (day: number) => new Date((day + 1) * MS_PER_DAY).getUTCDate() === 1;

export function keepsPoint(day: number, range: { readonly from: number; readonly to: number }): boolean {
  const age = range.to - day;
  if (age < DAILY_DAYS || day === range.from) return true;
  return age < WEEKLY_DAYS ? isSunday(day) : isLastOfMonth(day);
}
