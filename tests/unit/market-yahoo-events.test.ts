import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { MarketUnavailableError, SymbolNotFoundError } from '../../src/server/market/errors';
import { MarketService } from '../../src/server/market/service';
import { dividendFrequency, mapDividends, mapEarnings } from '../../src/server/market/yahoo/events';
import { createYahooProvider } from '../../src/server/market/yahoo/provider';
import { createYahooFixtureFetch, readFixture } from '../helpers/yahooFixtures';

/** The day the hand-written fixtures describe (tests/fixtures/yahoo/quoteSummary-*.json, chart-dividends-*.json). */
const NOW = Date.UTC(2025, 1, 17, 12, 0, 0);
const DAY = 86_400_000;
const log = pino({ level: 'silent' });

function setup(now = () => NOW) {
  const network = createYahooFixtureFetch();
  const provider = createYahooProvider({ log, now, fetch: network.fetch });
  return { network, provider };
}

describe('yahoo dividends', () => {
  it('maps a quarterly payer: 5 years of payments, the declared one with its pay date, a year projected', async () => {
    const { provider, network } = setup();
    const ko = (await provider.dividends!('KO'))!;
    expect(ko).toMatchObject({ symbol: 'KO', currency: 'USD', frequency: 'quarterly', trailingAnnualRate: '1.94' });
    expect(ko.trailingYield).toBeCloseTo(1.94 / 68.9, 5);
    // 2020-03-13 onwards (within 5 years of 17 Feb 2025), newest first, all paid; Yahoo dates only the latest payment.
    expect(ko.history.length).toBe(20);
    expect(ko.history[0]).toEqual({
      exDate: '2024-11-29',
      payDate: null,
      amount: '0.485',
      currency: 'USD',
      status: 'paid',
    });
    expect(ko.history.at(-1)).toMatchObject({ exDate: '2020-03-13', amount: '0.41' });
    expect(ko.upcoming).toEqual([
      // Declared on calendarEvents: its ex-date and pay date, a quarter of the forward rate of 2.04.
      { exDate: '2025-03-14', payDate: '2025-04-01', amount: '0.51', currency: 'USD', status: 'declared' },
      // The rhythm carried on, on weekdays, with the same 18 days to payment; a Saturday moves to Monday.
      { exDate: '2025-06-16', payDate: '2025-07-04', amount: '0.51', currency: 'USD', status: 'projected' },
      { exDate: '2025-09-15', payDate: '2025-10-03', amount: '0.51', currency: 'USD', status: 'projected' },
      { exDate: '2025-12-15', payDate: '2026-01-02', amount: '0.51', currency: 'USD', status: 'projected' },
    ]);
    // One quoteSummary call for the summary modules and one chart call for the events, both Yahoo's own hosts.
    const calls = network.urls.filter((u) => /quoteSummary|chart/.test(u)).map((u) => new URL(u));
    expect(calls.map((u) => u.pathname).sort()).toEqual(['/v10/finance/quoteSummary/KO', '/v8/finance/chart/KO']);
    const summary = calls.find((u) => u.pathname.includes('quoteSummary'))!;
    expect(summary.searchParams.get('modules')).toBe('price,summaryDetail,calendarEvents');
    const chart = calls.find((u) => u.pathname.includes('chart'))!;
    expect(chart.searchParams.get('events')).toBe('div');
    expect(Number(chart.searchParams.get('period1')) * 1000).toBeLessThan(NOW - 5 * 365 * DAY);
  });

  it('maps a symbol that pays nothing to empty lists, not to an error', async () => {
    const { provider } = setup();
    expect(await provider.dividends!('TSLA')).toEqual({
      symbol: 'TSLA',
      currency: 'USD',
      trailingAnnualRate: null,
      trailingYield: null,
      frequency: null,
      history: [],
      upcoming: [],
    });
  });

  it('maps a fund with nothing declared: projections without pay dates', async () => {
    const { provider } = setup();
    const qqq = (await provider.dividends!('QQQ'))!;
    expect(qqq).toMatchObject({ frequency: 'quarterly', trailingAnnualRate: '2.847', currency: 'USD' });
    expect(qqq.history[0]).toMatchObject({ exDate: '2024-12-23', amount: '0.835', status: 'paid' });
    expect(qqq.upcoming.map((e) => [e.exDate, e.status, e.payDate, e.amount])).toEqual([
      ['2025-03-24', 'projected', null, '0.835'],
      ['2025-06-23', 'projected', null, '0.835'],
      ['2025-09-23', 'projected', null, '0.835'],
      ['2025-12-23', 'projected', null, '0.835'],
    ]);
  });

  it('turns London pence into pounds: amounts, rate and currency', async () => {
    const { provider } = setup();
    const hsba = (await provider.dividends!('HSBA.L'))!;
    expect(hsba.currency).toBe('GBP');
    expect(hsba.history[0]).toEqual({
      exDate: '2024-10-31',
      payDate: null,
      amount: '0.078',
      currency: 'GBP',
      status: 'paid',
    });
    // The last four: 24.5p + 7.9p + 7.6p + 7.8p = £0.478, on a price of 885.5p.
    expect(hsba.trailingAnnualRate).toBe('0.478');
    expect(hsba.trailingYield).toBeCloseTo(0.478 / 8.855, 5);
    // Declared: a quarter of the forward 48p.
    expect(hsba.upcoming[0]).toEqual({
      exDate: '2025-03-06',
      payDate: '2025-04-25',
      amount: '0.12',
      currency: 'GBP',
      status: 'declared',
    });
  });

  it('says unknown for a symbol Yahoo does not know', async () => {
    const { provider } = setup();
    expect(await provider.dividends!('ZZZZ')).toBeNull();
  });

  it('reads the rhythm from the gaps between ex-dates', () => {
    const today = 20_000;
    expect(dividendFrequency([today - 10, today - 40, today - 71, today - 101], today)).toBe('monthly');
    expect(dividendFrequency([today - 10, today - 101, today - 192], today)).toBe('quarterly');
    expect(dividendFrequency([today - 10, today - 192, today - 375], today)).toBe('semiannual');
    expect(dividendFrequency([today - 10, today - 375], today)).toBe('annual');
    expect(dividendFrequency([today - 10], today)).toBe('annual');
    expect(dividendFrequency([today - 900], today)).toBeNull();
  });

  it('reads every form Yahoo dates and numbers come in, and marks a payment declared until its pay date', () => {
    const exMs = Date.UTC(2025, 1, 10);
    const info = mapDividends({
      symbol: 'X',
      summary: {
        summaryDetail: { dividendRate: { raw: 1, fmt: '1.00' }, currency: 'USD' },
        calendarEvents: { exDividendDate: new Date(exMs), dividendDate: { raw: Date.UTC(2025, 1, 20) / 1000 } },
        price: { regularMarketPrice: 50 },
      },
      // yahoo-finance2's array form, with Date objects, for events stamped at the open in New York.
      events: [
        { amount: 0.25, date: new Date(exMs + 14.5 * 3600_000) },
        { amount: 0.25, date: new Date(Date.UTC(2024, 10, 8, 14, 30)) },
      ],
      meta: { currency: 'USD', gmtoffset: -18000 },
      now: NOW,
    });
    // Ex-date passed (10 Feb), payment on 20 Feb still to come: declared, and listed as coming.
    expect(info.upcoming[0]).toEqual({
      exDate: '2025-02-10',
      payDate: '2025-02-20',
      amount: '0.25',
      currency: 'USD',
      status: 'declared',
    });
    expect(info.history.map((e) => e.exDate)).toEqual(['2024-11-08']);
    expect(info.trailingAnnualRate).toBe('0.5');
  });
});

describe('yahoo earnings dates', () => {
  it('maps the last four reports and a confirmed next date, then estimates the rest of the year', async () => {
    const { provider, network } = setup();
    const ko = (await provider.earnings!('KO'))!;
    // Each report's EPS: the chart's estimate and actual, the surprise computed from them (the fixture's
    // surprisePercent 0.0571 for the first, rounded differently in its surprisePct "5.7").
    const eps = (estimate: string, actual: string, surprise: number) => ({
      estimate,
      actual,
      surprise,
      currency: 'USD',
    });
    expect(ko.history).toEqual([
      { date: '2025-02-11', status: 'reported', time: 'before-open', eps: eps('0.52', '0.55', 0.0577) },
      { date: '2024-10-23', status: 'reported', time: 'before-open', eps: eps('0.75', '0.77', 0.0267) },
      { date: '2024-07-23', status: 'reported', time: 'before-open', eps: eps('0.81', '0.84', 0.037) },
      { date: '2024-04-30', status: 'reported', time: 'before-open', eps: eps('0.7', '0.74', 0.0571) },
    ]);
    // The next report has the consensus (calendarEvents' earningsAverage) and no actual yet; the projected ones none.
    expect(ko.upcoming).toEqual([
      {
        date: '2025-04-29',
        status: 'confirmed',
        time: 'before-open',
        eps: { estimate: '0.71', actual: null, surprise: null, currency: 'USD' },
      },
      { date: '2025-07-22', status: 'estimated', time: 'before-open' },
      { date: '2025-10-22', status: 'estimated', time: 'before-open' },
      { date: '2026-02-10', status: 'estimated', time: 'before-open' },
    ]);
    const summary = new URL(network.urls.find((u) => u.includes('quoteSummary'))!);
    expect(summary.searchParams.get('modules')).toBe('price,calendarEvents,earnings,earningsHistory');
  });

  it('reads EPS from earningsHistory when the chart has only dates, in the currency the company reports in', async () => {
    const { provider } = setup();
    // HSBC: quoted in pence in London, reports in US dollars; the chart's quarters carry dates alone.
    const hsba = (await provider.earnings!('HSBA.L'))!;
    expect(hsba.history).toEqual([
      {
        date: '2024-10-29',
        status: 'reported',
        time: null,
        eps: { estimate: '0.3', actual: '0.27', surprise: -0.1, currency: 'USD' },
      },
      {
        date: '2024-07-30',
        status: 'reported',
        time: null,
        eps: { estimate: '0.36', actual: '0.4', surprise: 0.1111, currency: 'USD' },
      },
    ]);
    // No earningsAverage in calendarEvents: the chart's estimate for the current quarter is the consensus.
    expect(hsba.upcoming[0]).toEqual({
      date: '2025-04-29',
      status: 'confirmed',
      time: null,
      eps: { estimate: '0.31', actual: null, surprise: null, currency: 'USD' },
    });
  });

  it('marks a window of two dates as estimated, with no time of day', async () => {
    const { provider } = setup();
    const tsla = (await provider.earnings!('TSLA'))!;
    expect(tsla.history[0]).toEqual({
      date: '2025-01-29',
      status: 'reported',
      time: 'after-close',
      eps: { estimate: '0.77', actual: '0.73', surprise: -0.0519, currency: 'USD' },
    });
    // A window, not a date, still has the analysts' consensus for the quarter.
    expect(tsla.upcoming[0]).toEqual({
      date: '2025-04-22',
      status: 'estimated',
      time: null,
      eps: { estimate: '0.53', actual: null, surprise: null, currency: 'USD' },
    });
    expect(tsla.upcoming.every((e) => e.status === 'estimated')).toBe(true);
  });

  it('gives a fund no earnings, and an unknown symbol null', async () => {
    const { provider } = setup();
    expect(await provider.earnings!('QQQ')).toEqual({ symbol: 'QQQ', history: [], upcoming: [] });
    expect(await provider.earnings!('ZZZZ')).toBeNull();
    // A date already past is not coming, whatever calendarEvents says.
    const past = mapEarnings('X', { calendarEvents: { earnings: { earningsDate: [NOW / 1000 - 3 * 86_400] } } }, NOW);
    expect(past.upcoming).toEqual([]);
    // Neither figure known: no eps at all; an estimate of zero gives no surprise (no division by it).
    const bare = mapEarnings(
      'X',
      { earnings: { earningsChart: { quarterly: [{ reportedDate: NOW / 1000 - 9 * 86_400 }] } } },
      NOW,
    );
    expect(bare.history).toEqual([{ date: '2025-02-08', status: 'reported', time: 'before-open' }]);
    const zero = mapEarnings(
      'X',
      {
        earnings: {
          earningsChart: { quarterly: [{ reportedDate: NOW / 1000 - 9 * 86_400, estimate: 0, actual: 0.02 }] },
        },
      },
      NOW,
    );
    expect(zero.history[0].eps).toEqual({ estimate: '0', actual: '0.02', surprise: null, currency: 'USD' });
  });
});

describe('yahoo exchange rates', () => {
  it('reads a pair from its =X chart and asks for crosses directly', async () => {
    const { provider, network } = setup();
    const chart = readFixture('chart-EURUSD=X-2020-01-01-to-2020-01-03.json').response.bodyJson.chart.result[0];
    const points = (await provider.fxHistory!('EUR', 'USD', NOW - 30 * DAY))!;
    expect(points.length).toBe(chart.timestamp.length);
    expect(points.at(-1)!.close).toBeCloseTo(chart.indicators.quote[0].close.at(-1), 4);
    expect(await provider.fxHistory!('GBP', 'EUR', NOW - 30 * DAY)).toBeNull(); // not recorded: Yahoo says not found
    const asked = network.urls.filter((u) => u.includes('/chart/')).map((u) => decodeURIComponent(new URL(u).pathname));
    expect(asked).toEqual(['/v8/finance/chart/EURUSD=X', '/v8/finance/chart/GBPEUR=X']);
  });
});

describe('yahoo events through the market service', () => {
  it('caches them to the day, serves them stale when Yahoo fails, and converts a currency to itself without a call', async () => {
    const network = createYahooFixtureFetch();
    let clock = NOW;
    const service = new MarketService({
      provider: createYahooProvider({ log, now: () => clock, fetch: network.fetch }),
      now: () => clock,
      log,
      upstreamTimeoutMs: 5000,
      maxConcurrentUpstream: 4,
      livePollMs: 60_000,
    });
    const dividends = await service.dividends('KO');
    const earnings = await service.earnings('KO');
    const calls = network.urls.length;
    await service.dividends('KO');
    await service.earnings('KO');
    expect(network.urls.length).toBe(calls); // fresh until midnight
    network.failing = true;
    clock += DAY;
    expect(await service.dividends('KO')).toEqual({ ...dividends, stale: true });
    expect(await service.earnings('KO')).toEqual({ ...earnings, stale: true });
    await expect(service.dividends('PEP')).rejects.toBeInstanceOf(MarketUnavailableError);
    network.failing = false;
    await expect(service.dividends('ZZZZ')).rejects.toBeInstanceOf(SymbolNotFoundError);
    expect(await service.fxRate('USD', 'USD')).toBe(1);
    expect((await service.fxHistory('JPY', 'JPY', 1)).every((p) => p.close === 1)).toBe(true);
    const before = network.urls.length;
    expect(await service.fxRate('EUR', 'USD')).toBeGreaterThan(1);
    expect(network.urls.length).toBeGreaterThan(before);
  });
});
