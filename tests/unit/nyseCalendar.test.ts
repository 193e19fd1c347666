import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  isMarketOpen,
  isTradingDay,
  latestSession,
  newYorkOffsetMinutes,
  nyseHolidays,
  previousSession,
  sessionOn,
} from '../../src/shared/market/nyseCalendar';

const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / DAY_MS;

describe('NYSE holidays', () => {
  it('match the exchange list for 2026, with Independence Day observed on Friday July 3', () => {
    expect(nyseHolidays(2026).map(iso)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('match the exchange list for 2025 and 2027 (Christmas on a Saturday is observed on Friday December 24)', () => {
    expect(nyseHolidays(2025).map(iso)).toEqual([
      '2025-01-01',
      '2025-01-20',
      '2025-02-17',
      '2025-04-18',
      '2025-05-26',
      '2025-06-19',
      '2025-07-04',
      '2025-09-01',
      '2025-11-27',
      '2025-12-25',
    ]);
    expect(nyseHolidays(2027).map(iso)).toEqual([
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-03-26',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-11-25',
      '2027-12-24',
    ]);
  });

  it('do not move New Year on a Saturday back into the old year, move Sunday holidays to Monday, and start Juneteenth in 2022', () => {
    expect(nyseHolidays(2022).map(iso)).not.toContain('2021-12-31');
    expect(nyseHolidays(2022).map(iso)).toContain('2022-06-20');
    expect(
      nyseHolidays(2021)
        .map(iso)
        .some((d) => d.startsWith('2021-06')),
    ).toBe(false);
    expect(nyseHolidays(2023).map(iso)).toContain('2023-01-02');
    expect(isTradingDay(day(2021, 12, 31))).toBe(true);
  });

  it('close weekends and holidays and open other weekdays', () => {
    expect(isTradingDay(day(2026, 11, 24))).toBe(true); // Tuesday
    expect(isTradingDay(day(2026, 11, 26))).toBe(false); // Thanksgiving
    expect(isTradingDay(day(2026, 11, 28))).toBe(false); // Saturday
    expect(isTradingDay(day(2026, 11, 29))).toBe(false); // Sunday
  });
});

describe('NYSE sessions', () => {
  it('run 09:30-16:00 New York time through daylight saving changes', () => {
    expect(newYorkOffsetMinutes(Date.UTC(2026, 0, 15, 12))).toBe(-300);
    expect(newYorkOffsetMinutes(Date.UTC(2026, 6, 15, 12))).toBe(-240);
    const winter = sessionOn(day(2026, 11, 24))!;
    expect(new Date(winter.open).toISOString()).toBe('2026-11-24T14:30:00.000Z');
    expect(new Date(winter.close).toISOString()).toBe('2026-11-24T21:00:00.000Z');
    const summer = sessionOn(day(2026, 7, 15))!;
    expect(new Date(summer.open).toISOString()).toBe('2026-07-15T13:30:00.000Z');
    expect(new Date(summer.close).toISOString()).toBe('2026-07-15T20:00:00.000Z');
    // The Monday after the spring change already trades on daylight time.
    expect(new Date(sessionOn(day(2026, 3, 9))!.open).toISOString()).toBe('2026-03-09T13:30:00.000Z');
  });

  it('say open only inside the session, and find the latest and previous sessions across weekends and holidays', () => {
    expect(isMarketOpen(Date.UTC(2026, 10, 24, 14, 29))).toBe(false);
    expect(isMarketOpen(Date.UTC(2026, 10, 24, 14, 30))).toBe(true);
    expect(isMarketOpen(Date.UTC(2026, 10, 24, 20, 59))).toBe(true);
    expect(isMarketOpen(Date.UTC(2026, 10, 24, 21, 0))).toBe(false);
    expect(isMarketOpen(Date.UTC(2026, 10, 28, 16))).toBe(false);
    // Friday after Thanksgiving trades; the Monday before its open looks back to that Friday.
    const monday = latestSession(Date.UTC(2026, 10, 30, 12));
    expect(iso(monday.day)).toBe('2026-11-27');
    expect(iso(previousSession(monday).day)).toBe('2026-11-25');
    expect(iso(latestSession(Date.UTC(2026, 10, 30, 15)).day)).toBe('2026-11-30');
  });
});
