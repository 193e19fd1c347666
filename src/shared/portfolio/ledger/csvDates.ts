/**
 * Dates as broker exports write them, to 'YYYY-MM-DD': 2024-01-05, 2024/01/05, 01/05/2024 (US month first),
 * 05.01.2024 (European day first), 'Jan 5, 2024', '5 Jan 2024', and ISO times ('2024-01-05T14:30:00Z', date part).
 * Null when the text is none of these or not a real calendar day.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function ymd(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

export function readCsvDate(cell: string): string | null {
  const text = cell.trim();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (m) return ymd(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return ymd(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (m) return ymd(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  if (m && monthOf(m[1]) > 0) return ymd(Number(m[3]), monthOf(m[1]), Number(m[2]));
  m = /^(\d{1,2})[\s-]([A-Za-z]{3,9})\.?[\s-](\d{4})$/.exec(text);
  if (m && monthOf(m[2]) > 0) return ymd(Number(m[3]), monthOf(m[2]), Number(m[1]));
  return null;
}
