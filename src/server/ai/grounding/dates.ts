/**
 * Dates and times written in a text: '2025-01-15', '2025-01-15T14:05:00Z', 'Jan 15, 2025', 'January 15',
 * '15 January 2025', '14:05 UTC', '2:05 PM UTC'. Matched by day (and by minute for times) against the as-of times
 * of the tool results and the current time the prompt gave.
 */

export interface DateToken {
  text: string;
  start: number;
  end: number;
  /** 'YYYY-MM-DD' when the year is written, '*-MM-DD' when not; null for a bare time. */
  day: string | null;
  /** 'HH:MM' (24 h, UTC) when a time is written. */
  time: string | null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
/** Cheap tests that skip a pattern on text that cannot hold it (most tool text holds no date at all). */
const MONTH_NAME = /Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/;
const TIME = '(\\d{1,2}):(\\d{2})(?::\\d{2}(?:\\.\\d+)?)?(?:\\s?([AaPp])\\.?[Mm]\\.?)?(?:\\s?(?:UTC|GMT|Z)\\b)?';

const PATTERNS: {
  re: RegExp;
  likely: RegExp;
  read: (m: RegExpExecArray) => Omit<DateToken, 'text' | 'start' | 'end'>;
}[] = [
  {
    likely: /\d-\d/,
    // ISO date with an optional time.
    re: /\b(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?Z?)?(?![\d-])/g,
    read: (m) => ({ day: `${m[1]}-${m[2]}-${m[3]}`, time: m[4] ? `${m[4]}:${m[5]}` : null }),
  },
  {
    likely: MONTH_NAME,
    // Jan 15, 2025 / January 15 / Jan 15th, 2025
    re: new RegExp(`\\b${MONTH}\\s(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s(\\d{4}))?\\b`, 'g'),
    read: (m) => ({ day: dayOf(m[3], m[1], m[2]), time: null }),
  },
  {
    likely: MONTH_NAME,
    // 15 January 2025 / 15 Jan
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s${MONTH}(?:,?\\s(\\d{4}))?\\b`, 'g'),
    read: (m) => ({ day: dayOf(m[3], m[2], m[1]), time: null }),
  },
  {
    likely: /\d:\d/,
    re: new RegExp(`(?<![\\d:.])${TIME}(?![\\d:])`, 'g'),
    read: (m) => ({ day: null, time: clock(m[1], m[2], m[3]) }),
  },
];

function dayOf(year: string | undefined, month: string, day: string): string | null {
  const index = MONTHS.indexOf(month.slice(0, 3).toLowerCase());
  const d = Number(day);
  if (index < 0 || d < 1 || d > 31) return null;
  return `${year ?? '*'}-${String(index + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function clock(hours: string, minutes: string, meridiem: string | undefined): string | null {
  let h = Number(hours);
  const m = Number(minutes);
  if (m > 59) return null;
  if (meridiem) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
  }
  if (h > 23) return null;
  return `${String(h).padStart(2, '0')}:${minutes}`;
}

/** Every date or time, first match wins where patterns overlap. */
export function findDates(text: string): DateToken[] {
  const found: DateToken[] = [];
  const taken = (start: number, end: number) => found.some((t) => start < t.end && end > t.start);
  for (const { re, likely, read } of PATTERNS) {
    if (!likely.test(text)) continue;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken(start, end)) continue;
      const parsed = read(m);
      if (!parsed.day && !parsed.time) continue;
      found.push({ text: m[0], start, end, ...parsed });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The day and minute of a moment, as the tokens write them. */
export function dayAndTime(ms: number): { day: string; time: string } {
  const iso = new Date(ms).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}
