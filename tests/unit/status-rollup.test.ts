import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  dailyHistory,
  MINUTE_MS,
  rollUpChecks,
  uptimePercent,
  utcDayStart,
  windowUptime,
  type CheckRow,
} from '../../src/server/status/rollup';
import type { ServiceStatus } from '../../src/shared/status/types';

const DAY = Date.UTC(2026, 10, 21); // a UTC midnight
const at = (minutes: number, seconds = 0) => DAY + minutes * MINUTE_MS + seconds * 1000;
const check = (minutes: number, status: ServiceStatus, service = 'db', seconds = 0): CheckRow => ({
  service,
  status,
  checkedAt: at(minutes, seconds),
});
/** One check per minute from `from` (inclusive) to `to` (exclusive). */
const run = (from: number, to: number, status: ServiceStatus, service = 'db') =>
  Array.from({ length: to - from }, (_, i) => check(from + i, status, service));

describe('daily roll-up', () => {
  it('counts checked minutes only: a gap is neither up nor down', () => {
    // 60 online minutes, a 3-hour gap (server down, no checks), 60 more online minutes.
    const totals = rollUpChecks([...run(0, 60, 'online'), ...run(240, 300, 'online')])
      .get('db')!
      .get(DAY)!;
    expect(totals).toEqual({
      checkedMinutes: 120,
      onlineMinutes: 120,
      limitedMinutes: 0,
      offlineMinutes: 0,
      incidents: 0,
    });
    expect(uptimePercent(totals)).toBe(100);
  });

  it('counts limited minutes as half and offline as zero', () => {
    const totals = rollUpChecks([...run(0, 50, 'online'), ...run(50, 70, 'limited'), ...run(70, 100, 'offline')])
      .get('db')!
      .get(DAY)!;
    expect(totals).toMatchObject({ checkedMinutes: 100, onlineMinutes: 50, limitedMinutes: 20, offlineMinutes: 30 });
    expect(uptimePercent(totals)).toBe(60); // (50 + 20 / 2) / 100
  });

  it('takes the worst check of a minute and never lets extra checks weigh more', () => {
    const rows = [
      check(10, 'online', 'db', 1),
      check(10, 'offline', 'db', 30),
      check(10, 'online', 'db', 59),
      // A burst of 20 on-demand checks within minute 11 still counts as one minute.
      ...Array.from({ length: 20 }, (_, i) => check(11, 'online', 'db', i)),
    ];
    const totals = rollUpChecks(rows).get('db')!.get(DAY)!;
    expect(totals).toMatchObject({ checkedMinutes: 2, onlineMinutes: 1, offlineMinutes: 1, incidents: 1 });
    expect(uptimePercent(totals)).toBe(50);
  });

  it('puts 23:59:59.999 on one day and midnight on the next, and counts a spell across midnight on both days', () => {
    const rows = [
      { service: 'db', status: 'online' as const, checkedAt: DAY + DAY_MS - 2 * MINUTE_MS },
      { service: 'db', status: 'offline' as const, checkedAt: DAY + DAY_MS - 1 },
      { service: 'db', status: 'offline' as const, checkedAt: DAY + DAY_MS },
      { service: 'db', status: 'online' as const, checkedAt: DAY + DAY_MS + MINUTE_MS },
    ];
    const days = rollUpChecks(rows).get('db')!;
    expect([...days.keys()]).toEqual([DAY, DAY + DAY_MS]);
    expect(days.get(DAY)).toEqual({
      checkedMinutes: 2,
      onlineMinutes: 1,
      limitedMinutes: 0,
      offlineMinutes: 1,
      incidents: 1,
    });
    expect(days.get(DAY + DAY_MS)).toEqual({
      checkedMinutes: 2,
      onlineMinutes: 1,
      limitedMinutes: 0,
      offlineMinutes: 1,
      incidents: 1,
    });
  });

  it('counts separate spells as separate incidents, and limited-then-offline as one', () => {
    const rows = [
      ...run(0, 10, 'online'),
      ...run(10, 12, 'limited'),
      ...run(12, 14, 'offline'), // same spell: no online minute in between
      ...run(14, 20, 'online'),
      ...run(20, 21, 'offline'), // a second spell
      ...run(21, 30, 'online'),
    ];
    expect(rollUpChecks(rows).get('db')!.get(DAY)!.incidents).toBe(2);
  });

  it('treats a spell interrupted only by a gap in checks as one incident', () => {
    const rows = [...run(0, 5, 'offline'), ...run(60, 65, 'offline'), ...run(65, 70, 'online')];
    expect(rollUpChecks(rows).get('db')!.get(DAY)!.incidents).toBe(1);
  });

  it('keeps services apart, whatever order the rows come in', () => {
    const rows = [...run(0, 10, 'online', 'db'), ...run(0, 10, 'offline', 'market')].reverse();
    const rollups = rollUpChecks(rows);
    expect(uptimePercent(rollups.get('db')!.get(DAY)!)).toBe(100);
    expect(uptimePercent(rollups.get('market')!.get(DAY)!)).toBe(0);
  });

  it('floors uptime to 2 decimals, so a short outage never shows as 100 %', () => {
    expect(uptimePercent({ checkedMinutes: 1440, onlineMinutes: 1439, limitedMinutes: 0 })).toBe(99.93);
    // 99.99653 % must not round up to 100.
    expect(uptimePercent({ checkedMinutes: 14400, onlineMinutes: 14399, limitedMinutes: 1 })).toBe(99.99);
    expect(uptimePercent({ checkedMinutes: 0, onlineMinutes: 0, limitedMinutes: 0 })).toBeNull();
  });
});

describe('90-day history', () => {
  const now = DAY + 5 * 60 * MINUTE_MS;

  it('has one entry per UTC day ending today, with no data where nothing was checked', () => {
    const rollups = rollUpChecks([
      ...run(0, 30, 'online'),
      { service: 'db', status: 'limited', checkedAt: DAY - 10 * DAY_MS },
    ]);
    const history = dailyHistory(rollups.get('db'), now, 90);
    expect(history).toHaveLength(90);
    expect(history.at(-1)).toMatchObject({
      date: '2026-11-21',
      uptime: 100,
      worstStatus: 'online',
      checkedMinutes: 30,
    });
    expect(history[0].date).toBe('2026-08-24');
    expect(history.at(-11)).toMatchObject({ date: '2026-11-11', uptime: 50, worstStatus: 'limited', incidents: 1 });
    expect(history.at(-2)).toMatchObject({ date: '2026-11-20', uptime: null, worstStatus: null, checkedMinutes: 0 });
    expect(history.filter((d) => d.uptime === null)).toHaveLength(88);
  });

  it('weighs the window uptime by checked minutes and ignores days without data', () => {
    // Day 1: 1000 minutes all online; day 2: 100 minutes all offline -> 1000 / 1100, not the mean of 100 % and 0 %.
    const rollups = rollUpChecks([
      ...run(0, 1000, 'online').map((c) => ({ ...c, checkedAt: c.checkedAt - DAY_MS })),
      ...run(0, 100, 'offline'),
    ]);
    const history = dailyHistory(rollups.get('db'), now, 90);
    expect(windowUptime(history)).toBe(90.9);
    expect(windowUptime(dailyHistory(undefined, now, 90))).toBeNull();
  });

  it('starts days at UTC midnight', () => {
    expect(utcDayStart(DAY + DAY_MS - 1)).toBe(DAY);
    expect(utcDayStart(DAY + DAY_MS)).toBe(DAY + DAY_MS);
  });
});
