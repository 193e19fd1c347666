import { describe, expect, it } from 'vitest';
import { MATCH_DAYS, compareEvents, symbolEvents, type SymbolFacts } from '../../src/server/modules/calendar/events';
import { MAX_CALENDAR_SYMBOLS, calendarWindow, chooseSymbols } from '../../src/server/modules/calendar/service';
import { weekOf } from '../../src/shared/calendar/dates';
import { CALENDAR_MESSAGES, calendarRangeSchema } from '../../src/shared/calendar/schemas';
import type { DividendEvent } from '../../src/shared/market/types';

/** The calendar's rules (modules/calendar/events.ts): which events a window shows, and the ledger's dividends as paid. */

const dividend = (exDate: string, payDate: string | null, status: DividendEvent['status'], amount = '0.51') => ({
  exDate,
  payDate,
  amount,
  currency: 'USD',
  status,
});

function facts(extra: Partial<SymbolFacts> = {}): SymbolFacts {
  return {
    symbol: 'KO',
    name: 'The Coca-Cola Company',
    held: true,
    watched: false,
    dividends: {
      symbol: 'KO',
      currency: 'USD',
      trailingAnnualRate: '2.04',
      trailingYield: 0.03,
      frequency: 'quarterly',
      history: [dividend('2026-09-12', '2026-10-01', 'paid'), dividend('2026-06-13', '2026-07-01', 'paid')],
      upcoming: [dividend('2026-11-28', '2026-12-15', 'declared'), dividend('2027-03-13', '2027-04-01', 'projected')],
    },
    earnings: {
      symbol: 'KO',
      history: [{ date: '2026-10-21', status: 'reported', time: 'before-open' }],
      upcoming: [{ date: '2027-02-10', status: 'estimated', time: null }],
    },
    recorded: [],
    ...extra,
  };
}

const recorded = (date: string, amount: string, activityId = `a-${date}`, portfolioId = 'p1') => ({
  activityId,
  portfolioId,
  portfolioName: `Portfolio ${portfolioId}`,
  date,
  symbol: 'KO',
  amount,
});

describe('symbolEvents', () => {
  it('shows the earnings, ex-dividend and pay days inside the window, each with its status', () => {
    const events = symbolEvents(facts(), '2026-09-01', '2026-12-31').sort(compareEvents);
    expect(events.map((e) => [e.date, e.kind, e.status])).toEqual([
      ['2026-09-12', 'ex-dividend', 'paid'],
      ['2026-10-01', 'pay', 'paid'],
      ['2026-10-21', 'earnings', 'reported'],
      ['2026-11-28', 'ex-dividend', 'declared'],
      ['2026-12-15', 'pay', 'declared'],
    ]);
    const pay = events[1];
    expect(pay).toMatchObject({
      symbol: 'KO',
      name: 'The Coca-Cola Company',
      amountPerShare: '0.51',
      currency: 'USD',
      exDate: '2026-09-12',
      payDate: '2026-10-01',
      held: true,
      watched: false,
      receivedAmount: null,
      received: [],
    });
    expect(events[2]).toMatchObject({ time: 'before-open', amountPerShare: null, currency: null });
    // Both ends of the window count; a day outside it does not.
    expect(symbolEvents(facts(), '2026-10-01', '2026-10-01').map((e) => e.kind)).toEqual(['pay']);
    expect(symbolEvents(facts(), '2026-10-02', '2026-10-20')).toEqual([]);
  });

  it('makes a payment the ledger recorded near its pay date paid, with what each portfolio received', () => {
    const events = symbolEvents(
      facts({
        recorded: [recorded('2026-12-16', '25.50', 'a1', 'p1'), recorded('2026-12-14', '10.2', 'a2', 'p2')],
      }),
      '2026-11-01',
      '2026-12-31',
    );
    const pay = events.find((e) => e.kind === 'pay')!;
    expect(pay.status).toBe('paid');
    expect(pay.receivedAmount).toBe('35.7');
    expect(pay.received.map((r) => [r.portfolioId, r.activityId, r.amount])).toEqual([
      ['p1', 'a1', '25.50'],
      ['p2', 'a2', '10.2'],
    ]);
    // The ex-dividend day of the same payment is paid too; the amount received shows on the pay day.
    expect(events.find((e) => e.kind === 'ex-dividend')).toMatchObject({ status: 'paid', receivedAmount: null });
  });

  it(`matches a recorded dividend to the nearest pay date within ${MATCH_DAYS} days, and shows one no payment explains`, () => {
    const monthly = {
      ...facts().dividends!,
      frequency: 'monthly' as const,
      history: [
        dividend('2026-09-15', '2026-09-30', 'paid', '0.1'),
        dividend('2026-10-15', '2026-10-31', 'paid', '0.1'),
      ],
      upcoming: [],
    };
    const events = symbolEvents(
      facts({ dividends: monthly, recorded: [recorded('2026-10-20', '4'), recorded('2026-08-01', '9')] }),
      '2026-07-01',
      '2026-11-30',
    ).sort(compareEvents);
    // 2026-10-20 is 10 days before 2026-10-31 and 20 after 2026-09-30: October's payment.
    const pays = events.filter((e) => e.kind === 'pay');
    expect(pays.map((e) => [e.date, e.status, e.receivedAmount])).toEqual([
      ['2026-08-01', 'paid', '9'],
      ['2026-09-30', 'paid', null],
      ['2026-10-31', 'paid', '4'],
    ]);
    // The one on 2026-08-01 matched no listed payment: a pay event of its own, without a per-share amount.
    expect(pays[0]).toMatchObject({ amountPerShare: null, currency: null, exDate: null, payDate: '2026-08-01' });
  });

  it('marks a declared payment paid when the ledger already recorded it', () => {
    const events = symbolEvents(facts({ recorded: [recorded('2026-12-15', '5')] }), '2026-11-28', '2026-11-28');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'ex-dividend', status: 'paid' });
  });

  it('has nothing for a fund without reports or a company without dividends', () => {
    expect(symbolEvents(facts({ dividends: null, earnings: null }), '2000-01-01', '2999-12-31')).toEqual([]);
  });
});

describe('the window', () => {
  it('takes both days, or a week from the one given, or this week (Monday to Sunday, UTC)', () => {
    const thursday = Date.UTC(2026, 10, 26, 23, 59);
    expect(calendarWindow({}, thursday)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(calendarWindow({ from: '2026-12-30' }, thursday)).toEqual({ from: '2026-12-30', to: '2027-01-05' });
    expect(calendarWindow({ to: '2026-03-01' }, thursday)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(weekOf('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('accepts real days up to 366 of them, and says what is wrong otherwise', () => {
    expect(calendarRangeSchema.parse({ from: '2024-01-01', to: '2024-12-31' })).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
    const message = (input: unknown) => {
      const result = calendarRangeSchema.safeParse(input);
      return result.success ? null : result.error.issues.map((i) => `${i.path.join('.')}|${i.message}`);
    };
    expect(message({ from: '2025-01-01', to: '2026-01-01' })).toBeNull();
    expect(message({ from: '2025-01-01', to: '2026-01-02' })).toEqual([`|${CALENDAR_MESSAGES.tooLong}`]);
    expect(message({ from: '2025-02-30', to: '2025-03-01' })).toEqual([`from|${CALENDAR_MESSAGES.dateInvalid}`]);
    expect(message({ from: '2025-03-02', to: '2025-03-01' })).toEqual([`|${CALENDAR_MESSAGES.order}`]);
    expect(message({ from: '25-03-01' })).toEqual([`from|${CALENDAR_MESSAGES.dateInvalid}`]);
    expect(message({ to: ['2025-03-01'] })).toEqual([`to|${CALENDAR_MESSAGES.dateInvalid}`]);
    expect(message({ from: '0999-01-01' })).toEqual([`from|${CALENDAR_MESSAGES.dateInvalid}`]);
  });
});

describe('the symbols a calendar looks at', () => {
  it(`takes held ones first, then watched ones, each alphabetically, at most ${MAX_CALENDAR_SYMBOLS}`, () => {
    const names = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);
    const held = new Set(names('H', 700).reverse());
    const watched = new Set([...names('W', 600), 'H0001']);
    const { symbols, omitted } = chooseSymbols(held, watched);
    expect(symbols).toHaveLength(MAX_CALENDAR_SYMBOLS);
    expect(symbols.slice(0, 700)).toEqual(names('H', 700));
    expect(symbols.slice(700)).toEqual(names('W', 300));
    expect(omitted).toBe(300);
    expect(chooseSymbols(new Set(['B', 'A']), new Set(['A', 'C']))).toEqual({ symbols: ['A', 'B', 'C'], omitted: 0 });
  });
});
