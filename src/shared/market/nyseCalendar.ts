/**
 * The New York Stock Exchange calendar: regular sessions run 09:30-16:00 America/New_York on weekdays that are not
 * exchange holidays. The holidays follow the exchange's published rules, so any year can be computed:
 * New Year's Day, Martin Luther King Jr. Day (3rd Monday of January), Washington's Birthday (3rd Monday of February),
 * Good Friday, Memorial Day (last Monday of May), Juneteenth (from 2022), Independence Day, Labor Day (1st Monday of
 * September), Thanksgiving (4th Thursday of November) and Christmas. A fixed-date holiday on a Saturday is observed
 * on the Friday before and on a Sunday on the Monday after, except New Year's Day on a Saturday, which is not moved
 * back into the old year. Early closes (13:00 on some holiday eves) are not modelled.
 */

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Session open and close, minutes after midnight New York time. */
const OPEN_MINUTES = 9 * 60 + 30;
const CLOSE_MINUTES = 16 * 60;

/** UTC day number (days since 1970-01-01) of a calendar date. */
function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The n-th (1-based) `weekday` of a month, or the last one when n is -1. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = dayNumber(year, month, 1);
    return first + ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = dayNumber(year, month + 1, 1) - 1;
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}

/** Easter Sunday (Gregorian, the anonymous algorithm of Meeus/Jones/Butcher). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(year, month, day);
}

/** A fixed-date holiday moved off the weekend: Saturday to Friday, Sunday to Monday. */
function observed(day: number): number {
  const weekday = weekdayOf(day);
  return weekday === 6 ? day - 1 : weekday === 0 ? day + 1 : day;
}

/** An exchange holiday: its UTC day number (the day observed) and its name. */
export interface NamedHoliday {
  day: number;
  name: string;
}

/** The exchange holidays of `year` with their names, in calendar order. */
export function nyseNamedHolidays(year: number): NamedHoliday[] {
  const newYear = dayNumber(year, 1, 1);
  const days: [number | null, string][] = [
    // New Year's Day on a Saturday is not observed on the last Friday of the year before.
    [weekdayOf(newYear) === 6 ? null : observed(newYear), "New Year's Day"],
    [nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day'],
    [nthWeekday(year, 2, 1, 3), "Washington's Birthday"],
    [easterSunday(year) - 2, 'Good Friday'],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    [year >= 2022 ? observed(dayNumber(year, 6, 19)) : null, 'Juneteenth'],
    [observed(dayNumber(year, 7, 4)), 'Independence Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'],
    [observed(dayNumber(year, 12, 25)), 'Christmas Day'],
  ];
  return days.filter((d): d is [number, string] => d[0] !== null).map(([day, name]) => ({ day, name }));
}

/** The exchange holidays of `year` as UTC day numbers, in calendar order. */
export function nyseHolidays(year: number): number[] {
  return nyseNamedHolidays(year).map((h) => h.day);
}

const holidayCache = new Map<number, Set<number>>();

function holidaySet(year: number): Set<number> {
  let set = holidayCache.get(year);
  if (!set) holidayCache.set(year, (set = new Set(nyseHolidays(year))));
  return set;
}

/** Answers by day number, kept: every simulated symbol asks about every day since 2015 when it first prices. */
const tradingDayCache = new Map<number, boolean>();

/** True when the exchange holds a regular session on UTC day number `day` (the New York date of the same number). */
export function isTradingDay(day: number): boolean {
  let trades = tradingDayCache.get(day);
  if (trades === undefined) {
    const weekday = weekdayOf(day);
    trades = weekday !== 0 && weekday !== 6 && !holidaySet(new Date(day * DAY_MS).getUTCFullYear()).has(day);
    tradingDayCache.set(day, trades);
  }
  return trades;
}

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'longOffset' });

/** New York's offset from UTC in minutes at `time` (-300 in winter, -240 in summer). */
export function newYorkOffsetMinutes(time: number): number {
  const name = offsetFormat.formatToParts(time).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

export interface Session {
  /** UTC day number of the session's date. */
  day: number;
  /** First minute of trading and the end of the last one, UTC milliseconds. */
  open: number;
  close: number;
}

/**
 * Sessions by day number, computed once each: Intl is far too slow for the per-minute paths. A session always lies
 * inside the UTC day of the same date (09:30-16:00 New York is 13:30-21:00 UTC at most).
 */
const sessionCache = new Map<number, Session | null>();

/** The regular session of UTC day number `day`, or null on weekends and holidays. */
export function sessionOn(day: number): Session | null {
  let session = sessionCache.get(day);
  if (session !== undefined) return session;
  if (isTradingDay(day)) {
    // Daylight saving changes at 02:00 on a Sunday, so noon UTC has the offset of the whole trading day.
    const offset = newYorkOffsetMinutes(day * DAY_MS + DAY_MS / 2);
    const midnight = day * DAY_MS - offset * MINUTE_MS;
    session = { day, open: midnight + OPEN_MINUTES * MINUTE_MS, close: midnight + CLOSE_MINUTES * MINUTE_MS };
  } else {
    session = null;
  }
  sessionCache.set(day, session);
  return session;
}

/** True while a regular session is trading at `time`. */
export function isMarketOpen(time: number): boolean {
  const session = sessionOn(Math.floor(time / DAY_MS));
  return session !== null && time >= session.open && time < session.close;
}

/** The latest session that has opened at or before `time` (the one trading now, or the last one to close). */
export function latestSession(time: number): Session {
  let day = Math.floor(time / DAY_MS);
  for (;;) {
    const session = sessionOn(day);
    if (session && session.open <= time) return session;
    day--;
  }
}

/** The session before `session`'s date. */
export function previousSession(session: Session): Session {
  let day = session.day - 1;
  for (;;) {
    const found = sessionOn(day);
    if (found) return found;
    day--;
  }
}
