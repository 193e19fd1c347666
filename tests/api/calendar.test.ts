import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import { DATES_MISSING_MESSAGE } from '../../src/server/modules/calendar/service';
import { CALENDAR_MESSAGES } from '../../src/shared/calendar/schemas';
import type { CalendarEvent } from '../../src/shared/calendar/types';
import { POPULAR_WATCHLIST } from '../../src/shared/market/constants';
import type { DividendEvent, EarningsEvent } from '../../src/shared/market/types';
import { instrumentProvider, manualClock, type InstrumentedProvider } from '../helpers/marketProviders';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser } from './auth-helpers';
import { createPortfolio } from './portfolio-helpers';
import { person, type Person } from './social-helpers';
import { createList, trpcAs } from './watchlist-helpers';

/** Issue 30 §4: GET /api/calendar and calendar.events on the real server, database and simulated market. */

// Tuesday 24 November 2026, 15:00 UTC.
const START = Date.UTC(2026, 10, 24, 15, 0, 10);
const clock = manualClock(START);
let upstream: InstrumentedProvider;
let server: TestServer;
let ada: Person;
let portfolioId: string;

const EVENT_KEYS = [
  'amountPerShare',
  'currency',
  'date',
  'eps',
  'exDate',
  'held',
  'kind',
  'name',
  'payDate',
  'received',
  'receivedAmount',
  'status',
  'symbol',
  'time',
  'watched',
];

beforeAll(async () => {
  upstream = instrumentProvider(createSimulatedProvider(clock.now));
  server = await startTestServer({ TRUST_PROXY: 'true' }, { now: clock.now, market: { provider: upstream.provider } });
  ada = await person(server.url);
  // Ada holds KO (since January) and PEP in one portfolio, KO again in another; she watches the popular list and JNJ.
  portfolioId = await createPortfolio(ada.browser, 'Income');
  for (const [symbol, date] of [
    ['KO', '2026-01-05'],
    ['PEP', '2026-01-05'],
  ] as const) {
    const buy = await ada.browser.post(`/api/portfolios/${portfolioId}/activities`, {
      type: 'buy',
      date,
      symbol,
      quantity: '100',
      price: '50',
    });
    expect(buy.status, buy.text).toBe(201);
  }
  const other = await createPortfolio(ada.browser, 'Other');
  expect(
    (await ada.browser.post(`/api/portfolios/${other}/holdings`, { symbol: 'KO', quantity: 1, averagePrice: 60 }))
      .status,
  ).toBe(201);
  await createList(ada, 'Pharma', ['JNJ', 'KO']);
});
afterAll(async () => server?.close());

async function calendar(who: Person, query = '') {
  const res = await who.browser.get(`/api/calendar${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as {
    from: string;
    to: string;
    events: CalendarEvent[];
    symbols: number;
    pendingSymbols: string[];
    errors: string[];
    stale: boolean;
    omittedSymbols: number;
  };
}

describe('GET /api/calendar', () => {
  it('lists the held and watched symbols’ earnings, ex-dividend and pay days, as the market gives them', async () => {
    const answer = await calendar(ada, '?from=2026-06-01&to=2027-05-31');
    expect(answer).toMatchObject({
      from: '2026-06-01',
      to: '2027-05-31',
      errors: [],
      pendingSymbols: [],
      stale: false,
    });
    expect(answer.symbols).toBe(new Set(['KO', 'PEP', 'JNJ', ...POPULAR_WATCHLIST]).size);
    for (const event of answer.events) expect(Object.keys(event).sort()).toEqual(EVENT_KEYS);
    // In order: by day, earnings before ex-dividend before pay, then symbol.
    const keys = answer.events.map(
      (e) => `${e.date}|${['earnings', 'ex-dividend', 'pay'].indexOf(e.kind)}|${e.symbol}`,
    );
    expect(keys).toEqual([...keys].sort());

    // KO: every dividend and report the market lists in the window, held and watched, once.
    const ko = answer.events.filter((e) => e.symbol === 'KO');
    const dividends = (await ada.browser.get('/api/stock/KO/dividends')).json;
    const payments = [...dividends.history, ...dividends.upcoming] as DividendEvent[];
    const inWindow = (day: string | null) => day !== null && day >= '2026-06-01' && day <= '2027-05-31';
    const expected = [
      ...payments.filter((d) => inWindow(d.exDate)).map((d) => `ex-dividend|${d.exDate}|${d.status}|${d.amount}`),
      ...payments.filter((d) => inWindow(d.payDate)).map((d) => `pay|${d.payDate}|${d.status}|${d.amount}`),
    ].sort();
    expect(
      ko
        .filter((e) => e.kind !== 'earnings')
        .map((e) => `${e.kind}|${e.date}|${e.status}|${e.amountPerShare}`)
        .sort(),
    ).toEqual(expected);
    expect(ko.every((e) => e.held && e.watched && e.name === 'The Coca-Cola Company')).toBe(true);
    const statuses = new Set(ko.map((e) => e.status));
    for (const status of ['paid', 'declared', 'projected', 'reported', 'estimated']) expect(statuses).toContain(status);
    const earnings = (await ada.browser.get('/api/stock/KO/earnings')).json;
    expect(ko.filter((e) => e.kind === 'earnings').map((e) => e.date)).toEqual(
      [...earnings.history, ...earnings.upcoming]
        .map((e: { date: string }) => e.date)
        .filter(inWindow)
        .sort(),
    );
    // Each report with its EPS as the stock's earnings give it: the estimate before, the actual and surprise after.
    const reports = new Map(
      [...earnings.history, ...earnings.upcoming].map((e: EarningsEvent) => [e.date, e.eps] as const),
    );
    const koReports = ko.filter((e) => e.kind === 'earnings');
    for (const report of koReports) expect(report.eps).toEqual(reports.get(report.date));
    expect(
      koReports.filter((e) => e.status === 'reported').every((e) => e.eps?.actual && e.eps.surprise !== null),
    ).toBe(true);
    expect(
      koReports.filter((e) => e.status !== 'reported').every((e) => e.eps?.estimate && e.eps.actual === null),
    ).toBe(true);
    expect(answer.events.filter((e) => e.kind !== 'earnings').every((e) => e.eps === null)).toBe(true);

    // Held only, watched only; a fund pays but never reports; an index has neither.
    expect(answer.events.filter((e) => e.symbol === 'PEP').every((e) => e.held && !e.watched)).toBe(true);
    expect(answer.events.filter((e) => e.symbol === 'JNJ').every((e) => !e.held && e.watched)).toBe(true);
    const spy = answer.events.filter((e) => e.symbol === 'SPY');
    expect(spy.length).toBeGreaterThan(0);
    expect(spy.some((e) => e.kind === 'earnings')).toBe(false);
    expect(answer.events.some((e) => e.symbol === '^DJI')).toBe(false);
  });

  it('shows a dividend recorded in the ledger as paid, with the amount received', async () => {
    const dividends = (await ada.browser.get('/api/stock/KO/dividends')).json;
    const last = dividends.history[0] as DividendEvent;
    const recorded = await ada.browser.post(`/api/portfolios/${portfolioId}/activities`, {
      type: 'dividend',
      date: last.payDate,
      symbol: 'KO',
      amount: '51.00',
    });
    expect(recorded.status, recorded.text).toBe(201);
    const answer = await calendar(ada, `?from=${last.exDate}&to=${last.payDate}`);
    const pay = answer.events.find((e) => e.symbol === 'KO' && e.kind === 'pay')!;
    expect(pay).toMatchObject({
      status: 'paid',
      date: last.payDate,
      receivedAmount: '51',
      amountPerShare: last.amount,
    });
    expect(pay.received).toEqual([
      { portfolioId, portfolioName: 'Income', activityId: recorded.json.id, date: last.payDate, amount: '51' },
    ]);
    // Someone else's ledger is nobody else's business.
    const bob = await person(server.url);
    const theirs = await calendar(bob, `?from=${last.exDate}&to=${last.payDate}`);
    expect(theirs.events.some((e) => e.symbol === 'KO')).toBe(false);
    expect(theirs.events.every((e) => e.received.length === 0 && !e.held)).toBe(true);
  });

  it('answers this week without dates (Monday to Sunday, UTC), and a week from one day given', async () => {
    expect(await calendar(ada)).toMatchObject({ from: '2026-11-23', to: '2026-11-29' });
    expect(await calendar(ada, '?from=2026-12-01')).toMatchObject({ from: '2026-12-01', to: '2026-12-07' });
    const week = await calendar(ada);
    expect(week.events.every((e) => e.date >= '2026-11-23' && e.date <= '2026-11-29')).toBe(true);
  });

  it('refuses bad dates and windows over 366 days with clear messages, and signed-out callers', async () => {
    const cases: Array<[string, string]> = [
      ['?from=2026-02-30&to=2026-03-01', `from: ${CALENDAR_MESSAGES.dateInvalid}`],
      ['?from=yesterday', `from: ${CALENDAR_MESSAGES.dateInvalid}`],
      ['?from=2026-01-01&to=2027-01-02', CALENDAR_MESSAGES.tooLong],
      ['?from=2026-03-02&to=2026-03-01', CALENDAR_MESSAGES.order],
      ['?from=2026-01-01&from=2026-02-01', `from: ${CALENDAR_MESSAGES.dateInvalid}`],
      [`?to=${'9'.repeat(5000)}`, `to: ${CALENDAR_MESSAGES.dateInvalid}`],
    ];
    for (const [query, message] of cases) {
      const res = await ada.browser.get(`/api/calendar${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect((await ada.browser.get('/api/calendar?from=2026-01-01&to=2027-01-01')).status).toBe(200);
    expect((await new Browser(server.url).get('/api/calendar')).status).toBe(401);
  });

  it('answers the same over tRPC', async () => {
    const trpc = trpcAs(server.url, ada);
    expect(await trpc.calendar.events.query({ from: '2026-09-01', to: '2026-12-31' })).toEqual(
      await calendar(ada, '?from=2026-09-01&to=2026-12-31'),
    );
    expect(await trpc.calendar.events.query({})).toEqual(await calendar(ada));
  });

  it('still answers when the market is down: what it has, and why the rest is missing', async () => {
    const carl = await person(server.url);
    await createList(carl, 'Fresh', ['MRK', 'ABBV']);
    upstream.mode = 'fail';
    try {
      // A day later every cached date is old; the popular list's come back stale, MRK and ABBV were never asked.
      clock.advance(24 * 3600_000);
      const answer = await calendar(carl, '?from=2026-11-01&to=2027-02-28');
      expect(answer.errors).toEqual([DATES_MISSING_MESSAGE]);
      expect(answer.stale).toBe(true);
      expect(answer.events.some((e) => e.symbol === 'MRK' || e.symbol === 'ABBV')).toBe(false);
      expect(answer.events.some((e) => e.symbol === 'AAPL')).toBe(true);
    } finally {
      upstream.mode = 'ok';
      clock.advance(-24 * 3600_000);
    }
  });
});
