import { describe, expect, it } from 'vitest';
import { groupByCategory } from '../../src/client/features/status/groupByCategory';
import {
  describeDay,
  describeMinutes,
  formatDay,
  formatStorageSize,
  formatUptime,
} from '../../src/client/features/status/statusFormat';
import type { ServiceReport, UptimeDay } from '../../src/shared/status/types';

const day = (over: Partial<UptimeDay> = {}): UptimeDay => ({
  date: '2026-11-21',
  uptime: 99.93,
  worstStatus: 'offline',
  incidents: 1,
  checkedMinutes: 1440,
  onlineMinutes: 1439,
  limitedMinutes: 0,
  offlineMinutes: 1,
  ...over,
});

describe('status page formats', () => {
  it('prints uptime with two decimals, and no data as such', () => {
    expect(formatUptime(100)).toBe('100.00%');
    expect(formatUptime(99.93)).toBe('99.93%');
    expect(formatUptime(null)).toBe('No data');
  });

  it('prints storage in the unit that reads best, and the failure state as 0 GB', () => {
    expect(formatStorageSize(0)).toBe('0 GB');
    expect(formatStorageSize(0.000184)).toBe('193 KB');
    expect(formatStorageSize(0.0405)).toBe('41.5 MB');
    expect(formatStorageSize(41)).toBe('41.00 GB');
    // Past 999 of a unit, the next one: never "1,000 KB" or "1,023.9 MB".
    expect(formatStorageSize(1000 / 1024 / 1024)).toBe('1.0 MB');
    expect(formatStorageSize(1023.9 / 1024 / 1024)).toBe('1.0 MB');
    expect(formatStorageSize(1023.9 / 1024)).toBe('1.00 GB');
    expect(formatStorageSize(999.4 / 1024 / 1024)).toBe('999 KB');
  });

  it('prints the UTC date of a day, whatever the browser time zone', () => {
    expect(formatDay('2026-11-21')).toBe('Nov 21, 2026');
  });

  it('describes a day in one sentence for the bar’s text alternative', () => {
    expect(describeDay(day())).toBe('Nov 21, 2026: 99.93% uptime, 1 incident');
    expect(describeDay(day({ uptime: 100, incidents: 0 }))).toBe('Nov 21, 2026: 100.00% uptime, no incidents');
    expect(describeDay(day({ uptime: null, worstStatus: null, checkedMinutes: 0 }))).toBe('Nov 21, 2026: no data');
    expect(describeMinutes(day({ limitedMinutes: 20, onlineMinutes: 1419 }))).toBe(
      '1,419 online, 20 limited, 1 offline of 1,440 checked minutes',
    );
  });

  it('groups services by category in the order they come', () => {
    const s = (id: string, category: string) => ({ id, category }) as ServiceReport;
    const groups = groupByCategory([s('db', 'Core'), s('market', 'Live'), s('disk', 'Core')]);
    expect(groups.map(([c, list]) => [c, list.map((x) => x.id)])).toEqual([
      ['Core', ['db', 'disk']],
      ['Live', ['market']],
    ]);
  });
});
