import { describe, expect, it } from 'vitest';
import { DECLARED_WITHIN_DAYS, simulatedDividends } from '../../src/server/market/simulated/dividends';
import { CONFIRMED_WITHIN_DAYS, simulatedEarnings } from '../../src/server/market/simulated/earnings';
import { simulatedFxHistory, simulatedRate } from '../../src/server/market/simulated/fx';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import { findInstrument, UNIVERSE } from '../../src/server/market/universe';
import { paymentsPerYear } from '../../src/server/market/universe/habits';
import { DAY_MS, isTradingDay } from '../../src/shared/market/nyseCalendar';
import type { DividendEvent, QuotesMap } from '../../src/shared/market/types';

const NOW = Date.UTC(2026, 10, 27, 15, 0);
const TODAY = Math.floor(NOW / DAY_MS);
const dayOf = (iso: string) => Date.parse(iso) / DAY_MS;
const payers = UNIVERSE.filter((i) => i.dividend);

describe('simulated dividends', () => {
  it('are the same in independent providers, and absent for unknown symbols', async () => {
    const a = createSimulatedProvider(() => NOW);
    const b = createSimulatedProvider(() => NOW + 3 * 3600_000); // later the same day
    for (const symbol of ['KO', 'SCHD', 'SPAXX', 'SHEL.L', 'AMZN'])
      expect(await a.dividends!(symbol)).toEqual(await b.dividends!(symbol));
    expect(await a.dividends!('NOPE')).toBeNull();
    expect(await a.earnings!('NOPE')).toBeNull();
  });

  it('pay as often as each listing really does: quarterly payers 4 times a year, monthly 12, and so on', () => {
    expect(payers.length).toBeGreaterThan(450);
    const in2025 = (e: DividendEvent) => e.exDate.startsWith('2025-');
    for (const instrument of payers) {
      const info = simulatedDividends(instrument, TODAY, instrument.price);
      const count = info.history.filter(in2025).length;
      expect(count, instrument.symbol).toBe(paymentsPerYear(instrument.dividend!.frequency));
      expect(info.frequency).toBe(instrument.dividend!.frequency);
    }
    expect(payers.filter((i) => i.dividend!.frequency === 'quarterly').length).toBeGreaterThan(400);
  });

  it('go ex on a trading day and pay some days to weeks later, also on a trading day', () => {
    for (const instrument of payers) {
      const { history, upcoming } = simulatedDividends(instrument, TODAY, instrument.price);
      for (const event of [...history, ...upcoming]) {
        const ex = dayOf(event.exDate);
        const pay = dayOf(event.payDate!);
        expect(isTradingDay(ex), `${instrument.symbol} ex ${event.exDate}`).toBe(true);
        expect(isTradingDay(pay), `${instrument.symbol} pay ${event.payDate}`).toBe(true);
        expect(pay - ex, `${instrument.symbol} ${event.exDate}`).toBeGreaterThanOrEqual(1);
        expect(pay - ex, `${instrument.symbol} ${event.exDate}`).toBeLessThanOrEqual(90);
        expect(event.currency).toBe(instrument.currency);
        expect(Number(event.amount)).toBeGreaterThan(0);
      }
    }
    // The usual US habit: two to four weeks (Coca-Cola: mid-March ex, paid April 1).
    const ko = simulatedDividends(findInstrument('KO')!, TODAY, 68);
    for (const event of ko.history.slice(0, 8)) {
      const lag = dayOf(event.payDate!) - dayOf(event.exDate);
      expect(lag).toBeGreaterThanOrEqual(14);
      expect(lag).toBeLessThanOrEqual(28);
    }
  });

  it('yield what the reference says on the reference price, and about that on the simulated one', async () => {
    const provider = createSimulatedProvider(() => NOW);
    for (const instrument of payers) {
      const info = simulatedDividends(instrument, TODAY, instrument.price);
      // A year of payments against the reference price: the reference yield, less last year's smaller payments
      // (dividends grow with the price level) and give or take the rounding to cents.
      const rate = Number(info.trailingAnnualRate) / instrument.price;
      expect(rate, instrument.symbol).toBeGreaterThan(instrument.dividend!.yield * 0.75);
      expect(rate, instrument.symbol).toBeLessThan(instrument.dividend!.yield * 1.1 + 0.0005);
    }
    for (const symbol of ['KO', 'JNJ', 'VZ', 'SCHD', 'O', 'SHEL.L', 'NESN.SW']) {
      const info = (await provider.dividends!(symbol))!;
      const reference = findInstrument(symbol)!.dividend!.yield;
      // The simulated price wanders (within 0.3x-3x of the reference), and the yield with it.
      expect(info.trailingYield!, symbol).toBeGreaterThan(reference / 3);
      expect(info.trailingYield!, symbol).toBeLessThan(reference * 3);
    }
  });

  it('tell paid, declared and projected apart, within 5 years back and 12 months ahead', () => {
    for (const symbol of ['KO', 'AAPL', 'O', 'SPAXX', '7203.T', 'DIS', 'MC.PA']) {
      const instrument = findInstrument(symbol)!;
      const { history, upcoming } = simulatedDividends(instrument, TODAY, instrument.price);
      expect(history.every((e) => e.status === 'paid' && dayOf(e.payDate!) <= TODAY)).toBe(true);
      expect(history.every((e) => dayOf(e.exDate) >= TODAY - 5 * 365)).toBe(true);
      expect(history.map((e) => e.exDate)).toEqual(
        history
          .map((e) => e.exDate)
          .sort()
          .reverse(),
      );
      expect(upcoming.map((e) => e.exDate)).toEqual(upcoming.map((e) => e.exDate).sort());
      for (const event of upcoming) {
        expect(dayOf(event.payDate!)).toBeGreaterThan(TODAY);
        expect(dayOf(event.exDate)).toBeLessThanOrEqual(TODAY + 365);
        const away = dayOf(event.exDate) - TODAY;
        expect(event.status, `${symbol} ${event.exDate}`).toBe(away <= DECLARED_WITHIN_DAYS ? 'declared' : 'projected');
      }
      // A full year ahead is there: as many events as a year's payments (one may already be declared).
      const perYear = paymentsPerYear(instrument.dividend!.frequency);
      expect(upcoming.length, symbol).toBeGreaterThanOrEqual(perYear - 1);
      expect(upcoming.length, symbol).toBeLessThanOrEqual(perYear + 1);
    }
    // Coca-Cola on Nov 27: December's dividend (ex mid-December) is declared, March's projected.
    const ko = simulatedDividends(findInstrument('KO')!, TODAY, 68).upcoming;
    expect(ko[0]).toMatchObject({ status: 'declared', currency: 'USD' });
    expect(ko[0].exDate.slice(0, 7)).toBe('2026-12');
    expect(ko[1]).toMatchObject({ status: 'projected' });
  });

  it('keep a payment the same all year and raise it with the new year', () => {
    const { history } = simulatedDividends(findInstrument('JNJ')!, TODAY, 155);
    const byYear = new Map<string, Set<string>>();
    for (const e of history)
      byYear.set(e.exDate.slice(0, 4), (byYear.get(e.exDate.slice(0, 4)) ?? new Set()).add(e.amount));
    for (const amounts of byYear.values()) expect(amounts.size).toBe(1);
    const yearly = [...byYear.entries()].sort().map(([, amounts]) => Number([...amounts][0]));
    for (let i = 1; i < yearly.length; i++) expect(yearly[i]).toBeGreaterThanOrEqual(yearly[i - 1]);
  });

  it('give nothing for listings that pay nothing, without failing', () => {
    for (const symbol of ['AMZN', 'BRK.B', 'GLD', 'ARKK', 'IWDA.AS', '^GSPC', 'BTC-USD']) {
      expect(simulatedDividends(findInstrument(symbol)!, TODAY, 1)).toEqual({
        symbol,
        currency: findInstrument(symbol)!.currency,
        trailingAnnualRate: null,
        trailingYield: null,
        frequency: null,
        history: [],
        upcoming: [],
      });
    }
  });
});

describe('the simulated universe', () => {
  it('quotes every listing at a realistic level, in its own currency', async () => {
    const provider = createSimulatedProvider(() => NOW);
    const symbols = UNIVERSE.map((i) => i.symbol);
    const quotes: QuotesMap = {};
    for (let i = 0; i < symbols.length; i += 50) Object.assign(quotes, await provider.quotes(symbols.slice(i, i + 50)));
    expect(Object.keys(quotes).length).toBe(UNIVERSE.length);
    for (const instrument of UNIVERSE) {
      const quote = quotes[instrument.symbol];
      expect(quote.currency, instrument.symbol).toBe(instrument.currency);
      const ratio = quote.regularMarketPrice / instrument.price;
      expect(ratio, instrument.symbol).toBeGreaterThan(0.3);
      expect(ratio, instrument.symbol).toBeLessThan(3);
      expect(Math.abs(quote.regularMarketChangePercent), instrument.symbol).toBeLessThan(25);
    }
  });
});

describe('money-market funds in the simulated market', () => {
  it('stay at 1.00 at every minute and in every range, and pay a monthly dividend near their yield', async () => {
    const provider = createSimulatedProvider(() => NOW);
    for (const symbol of ['SPAXX', 'VMFXX', 'SWVXX']) {
      const quote = (await provider.quotes([symbol]))[symbol];
      expect(quote).toMatchObject({ regularMarketPrice: 1, regularMarketChange: 0, regularMarketChangePercent: 0 });
      for (const range of ['1D', '1M', '5Y'] as const) {
        const closes = (await provider.history(symbol, range))!.map((p) => [p.open, p.high, p.low, p.close]).flat();
        expect(new Set(closes), `${symbol} ${range}`).toEqual(new Set([1]));
      }
      const info = (await provider.dividends!(symbol))!;
      expect(info.frequency).toBe('monthly');
      expect(info.trailingYield!).toBeCloseTo(findInstrument(symbol)!.dividend!.yield, 2);
      expect((await provider.profile(symbol))!).toMatchObject({ type: 'MUTUALFUND', currency: 'USD', marketCap: null });
    }
  });
});

describe('simulated earnings dates', () => {
  const companies = UNIVERSE.filter((i) => i.type === 'EQUITY');

  it('come four times a year for US companies, on trading days, only for companies', () => {
    for (const instrument of companies) {
      const { history, upcoming } = simulatedEarnings(instrument, TODAY);
      const perYear = instrument.earnings!.months.length;
      if (instrument.currency === 'USD') expect(perYear, instrument.symbol).toBe(4);
      expect(history.filter((e) => e.date.startsWith('2025-')).length, instrument.symbol).toBe(perYear);
      for (const event of [...history, ...upcoming]) expect(isTradingDay(dayOf(event.date)), event.date).toBe(true);
      expect(
        history.every((e) => e.status === 'reported' && dayOf(e.date) < TODAY && dayOf(e.date) >= TODAY - 3 * 365),
      ).toBe(true);
      // A year ahead: its reports, give or take the one whose date moves across the year's edge.
      expect(upcoming.length, instrument.symbol).toBeGreaterThanOrEqual(perYear - 1);
      expect(upcoming.length, instrument.symbol).toBeLessThanOrEqual(perYear + 1);
    }
    for (const symbol of ['SPY', 'VTI', 'SPAXX', '^GSPC', 'BTC-USD', 'VWRL.L'])
      expect(simulatedEarnings(findInstrument(symbol)!, TODAY)).toEqual({ symbol, history: [], upcoming: [] });
  });

  it('are confirmed a few weeks ahead and estimated beyond, at the company’s usual time of day', () => {
    for (const instrument of companies.slice(0, 120)) {
      const { upcoming } = simulatedEarnings(instrument, TODAY);
      for (const event of upcoming) {
        const away = dayOf(event.date) - TODAY;
        expect(event.status).toBe(away <= CONFIRMED_WITHIN_DAYS ? 'confirmed' : 'estimated');
        expect(event.time).toBe(instrument.earnings!.time);
      }
    }
    // Apple reports at the end of January, April, July and October, after the close.
    const apple = simulatedEarnings(findInstrument('AAPL')!, TODAY);
    expect(apple.history.slice(0, 4).map((e) => e.date.slice(5, 7))).toEqual(['10', '07', '04', '01']);
    expect(apple.upcoming[0]).toMatchObject({ status: 'estimated', time: 'after-close' });
    expect(apple.upcoming[0].date.slice(0, 7)).toBe('2027-01');
  });

  it('carry an EPS estimate, and past ones an actual and the surprise, the same on every call', () => {
    let beats = 0;
    let reports = 0;
    for (const instrument of companies.slice(0, 120)) {
      const { history, upcoming } = simulatedEarnings(instrument, TODAY);
      for (const event of history) {
        const eps = event.eps!;
        expect(eps.currency).toBe(instrument.currency);
        const [estimate, actual] = [Number(eps.estimate), Number(eps.actual)];
        // Cents, the sign of the company's earnings (a loss for a company without a P/E).
        expect(Math.round(estimate * 100), instrument.symbol).toBeCloseTo(estimate * 100, 6);
        expect(Math.sign(estimate), instrument.symbol).toBe(instrument.pe && instrument.pe > 0 ? 1 : -1);
        if (estimate !== 0) expect(eps.surprise).toBeCloseTo((actual - estimate) / Math.abs(estimate), 3);
        beats += actual > estimate ? 1 : 0;
        reports += 1;
      }
      // Not reported yet: the consensus only.
      for (const event of upcoming) expect(event.eps).toMatchObject({ actual: null, surprise: null });
      expect(upcoming.every((e) => e.eps?.estimate !== null)).toBe(true);
    }
    // Companies beat the consensus more often than not, as real ones do; not always.
    expect(beats / reports).toBeGreaterThan(0.55);
    expect(beats / reports).toBeLessThan(0.85);
    // A quarter's figures do not change from one call (or instance) to the next, nor as the days go by.
    const apple = simulatedEarnings(findInstrument('AAPL')!, TODAY);
    expect(simulatedEarnings(findInstrument('AAPL')!, TODAY)).toEqual(apple);
    const later = simulatedEarnings(findInstrument('AAPL')!, TODAY + 20);
    expect(later.history.find((e) => e.date === apple.history[0].date)?.eps).toEqual(apple.history[0].eps);
  });
});

describe('simulated exchange rates', () => {
  const from = Date.UTC(2016, 0, 1);
  const BOUNDS: Array<[string, string, number, number]> = [
    ['EUR', 'USD', 0.9, 1.5],
    ['GBP', 'USD', 1.0, 1.75],
    ['USD', 'CHF', 0.6, 1.15],
    ['USD', 'CAD', 1.1, 1.65],
    ['USD', 'JPY', 95, 210],
  ];

  it('stay within realistic bounds for ten years, move like real pairs and never jump', () => {
    for (const [base, quote, low, high] of BOUNDS) {
      const points = simulatedFxHistory(base, quote, from, NOW)!;
      expect(points.length).toBeGreaterThan(2500);
      const closes = points.map((p) => p.close);
      expect(Math.min(...closes), `${base}${quote}`).toBeGreaterThan(low);
      expect(Math.max(...closes), `${base}${quote}`).toBeLessThan(high);
      const moves = closes.slice(1).map((c, i) => Math.log(c / closes[i]));
      expect(Math.max(...moves.map(Math.abs)), `${base}${quote}`).toBeLessThan(0.035);
      const yearly = Math.sqrt(moves.reduce((s, m) => s + m * m, 0) / moves.length) * Math.sqrt(261);
      expect(yearly, `${base}${quote}`).toBeGreaterThan(0.04);
      expect(yearly, `${base}${quote}`).toBeLessThan(0.14);
      // One point per weekday: no weekends, each bar opening at the close before it.
      for (const p of points) expect([0, 6]).not.toContain(new Date(p.time).getUTCDay());
      for (let i = 1; i < points.length; i++) expect(points[i].open).toBe(points[i - 1].close);
    }
  });

  it('agree with each other: inverses, crosses through the dollar, and the same answer every time', () => {
    for (let day = TODAY - 400; day <= TODAY; day += 37) {
      const eurUsd = simulatedRate('EUR', 'USD', day)!;
      expect(simulatedRate('USD', 'EUR', day)! * eurUsd).toBeCloseTo(1, 4);
      expect(simulatedRate('EUR', 'GBP', day)! * simulatedRate('GBP', 'USD', day)!).toBeCloseTo(eurUsd, 4);
      expect(simulatedRate('CHF', 'JPY', day)!).toBeCloseTo(
        simulatedRate('USD', 'JPY', day)! / simulatedRate('USD', 'CHF', day)!,
        1,
      );
    }
    expect(simulatedFxHistory('EUR', 'USD', from, NOW)).toEqual(simulatedFxHistory('EUR', 'USD', from, NOW));
    expect(simulatedFxHistory('XAU', 'USD', from, NOW)).toBeNull();
    expect(simulatedRate('EUR', 'SEK', TODAY)).toBeNull();
  });
});
