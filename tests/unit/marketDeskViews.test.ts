import { describe, expect, it } from 'vitest';
import { windowOf, step, localToday, daysBetween } from '../../src/client/features/calendar/calendarDays';
import { filterEvents, ALL_FILTERS } from '../../src/client/features/calendar/calendarFilters';
import { moveSymbol, nextSort, sortRows } from '../../src/client/features/watchlists/columns';
import type { CalendarEvent } from '../../src/shared/calendar/types';
import type { WatchlistRow } from '../../src/shared/watchlists/types';

const row = (symbol: string, price: number | null, pe: number | null = null) =>
  ({ symbol, price, pe }) as unknown as WatchlistRow;

describe('watchlist sorting is a view', () => {
  const rows = [row('A', 10, 5), row('B', null, 30), row('C', 30, null), row('D', 10, 12)];
  it('sorts highest first, then lowest first, a missing figure last both ways, ties in the list order', () => {
    expect(sortRows(rows, { key: 'price', direction: 'desc' }).map((r) => r.symbol)).toEqual(['C', 'A', 'D', 'B']);
    expect(sortRows(rows, { key: 'price', direction: 'asc' }).map((r) => r.symbol)).toEqual(['A', 'D', 'C', 'B']);
    expect(sortRows(rows, { key: 'pe', direction: 'asc' }).map((r) => r.symbol)).toEqual(['A', 'D', 'B', 'C']);
    expect(sortRows(rows, null).map((r) => r.symbol)).toEqual(['A', 'B', 'C', 'D']);
    // The input (the stored order) is left as it was.
    expect(rows.map((r) => r.symbol)).toEqual(['A', 'B', 'C', 'D']);
  });
  it('a header click goes descending, ascending, off (symbols start ascending)', () => {
    const first = nextSort(null, 'price');
    expect(first).toEqual({ key: 'price', direction: 'desc' });
    const second = nextSort(first, 'price');
    expect(second).toEqual({ key: 'price', direction: 'asc' });
    expect(nextSort(second, 'price')).toBeNull();
    expect(nextSort(second, 'symbol')).toEqual({ key: 'symbol', direction: 'asc' });
  });
  it('moves a symbol, and leaves the order at an end or for an unknown symbol', () => {
    expect(moveSymbol(['A', 'B', 'C'], 'C', 0)).toEqual(['C', 'A', 'B']);
    expect(moveSymbol(['A', 'B', 'C'], 'A', 1)).toEqual(['B', 'A', 'C']);
    expect(moveSymbol(['A', 'B', 'C'], 'A', -1)).toEqual(['A', 'B', 'C']);
    expect(moveSymbol(['A', 'B', 'C'], 'C', 3)).toEqual(['A', 'B', 'C']);
    expect(moveSymbol(['A', 'B', 'C'], 'Z', 0)).toEqual(['A', 'B', 'C']);
  });
});

describe('calendar windows', () => {
  it('a week is Monday to Sunday; a month grid covers whole weeks; the list is the month', () => {
    expect(windowOf('week', '2026-11-28')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(windowOf('month', '2026-11-28')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(windowOf('list', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(windowOf('list', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });
  it('steps by a week or a month, across years', () => {
    expect(step('week', '2026-12-28', 1)).toBe('2027-01-04');
    expect(step('month', '2026-12-15', 1)).toBe('2027-01-01');
    expect(step('month', '2026-01-31', -1)).toBe('2025-12-01');
  });
  it("today is the reader's own day", () => {
    expect(localToday(new Date(2026, 10, 28, 23, 59))).toBe('2026-11-28');
  });
});

describe('calendar filters', () => {
  const event = (symbol: string, kind: CalendarEvent['kind'], held: boolean, watched: boolean) =>
    ({ symbol, kind, held, watched }) as CalendarEvent;
  const events = [
    event('H', 'earnings', true, false),
    event('W', 'pay', false, true),
    event('B', 'ex-dividend', true, true),
    // Only in the ledger (sold since): a holding's.
    event('L', 'pay', false, false),
  ];
  const symbols = (list: CalendarEvent[]) => list.map((e) => e.symbol);
  it('keeps events by source and kind', () => {
    expect(symbols(filterEvents(events, ALL_FILTERS))).toEqual(['H', 'W', 'B', 'L']);
    expect(symbols(filterEvents(events, { ...ALL_FILTERS, watchlists: false }))).toEqual(['H', 'B', 'L']);
    expect(symbols(filterEvents(events, { ...ALL_FILTERS, holdings: false }))).toEqual(['W', 'B']);
    expect(symbols(filterEvents(events, { ...ALL_FILTERS, kinds: ['pay'] }))).toEqual(['W', 'L']);
  });
});
