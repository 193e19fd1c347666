import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../../src/shared/portfolio/decimal';
import type { HistoryPoint } from '../../src/shared/market/types';
import { startTestServer, type TestServer } from '../helpers/testServer';
import type { Browser } from './auth-helpers';
import { signedInBrowser } from './portfolio-helpers';

/**
 * Issue 27 §3: the holdings table, the summary and the list value every holding in the portfolio's base currency:
 * today's price at today's rate, the cost at the trade day's rate. Checked against the arithmetic done here from
 * the simulated market's own quotes and daily rates. Before, the holdings view added dollars and euros as quoted.
 */

let server: TestServer;
let owner: Browser;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

/** The rate on `date` or the last before it, as the conversion reads it. */
function rateOn(bars: readonly HistoryPoint[], date: string): Dec {
  const day = Date.parse(`${date}T00:00:00Z`) / DAY;
  let found = bars[0].close;
  for (const bar of bars) if (Math.floor(bar.time / DAY) <= day) found = bar.close;
  return new Dec(String(found));
}

/** A price converted at a rate, as the server rounds it (to a millionth, as the performance's converted closes). */
const converted = (price: number, rate: Dec) => new Dec(String(Math.round(price * rate.toNumber() * 1e6) / 1e6));

async function portfolioWith(base: string, activities: object[]): Promise<string> {
  const created = await owner.post('/api/portfolios', { name: `In ${base}`, baseCurrency: base });
  if (created.status !== 201) throw new Error(`${created.status} ${created.text}`);
  for (const a of activities) {
    const res = await owner.post(`/api/portfolios/${created.json.id}/activities`, a);
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  }
  return created.json.id as string;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
async function pageOf(id: string): Promise<{ portfolio: Json; holdings: Json[] }> {
  const res = await owner.get(`/api/portfolios/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signedInBrowser(server.url);
});
afterAll(async () => server?.close());

describe('a EUR portfolio holding a US share and a Frankfurt listing', () => {
  it('values, costs and gains each holding in euros, as computed by hand', async () => {
    const id = await portfolioWith('EUR', [
      { type: 'deposit', date: daysAgo(300), amount: '10000' },
      { type: 'buy', date: daysAgo(200), symbol: 'AAPL', quantity: 10, price: 150 },
      { type: 'buy', date: daysAgo(100), symbol: 'SAP.DE', quantity: 5, price: 200 },
    ]);
    const { portfolio, holdings } = await pageOf(id);
    const quotes = await server.deps.market.quotes(['AAPL', 'SAP.DE']);
    const usdEur = await server.deps.market.fxHistory('USD', 'EUR', 2);
    const today = rateOn(usdEur, daysAgo(0));
    // AAPL: today's dollar price at today's rate; its cost at the rate of its trade's day, to 8 decimals a share.
    const aaplPrice = converted(quotes.AAPL.regularMarketPrice, today);
    const aaplValue = aaplPrice.times(10);
    const aaplAverage = new Dec(150).times(rateOn(usdEur, daysAgo(200))).toDecimalPlaces(8, Dec.ROUND_HALF_UP);
    const aaplCost = aaplAverage.times(10);
    // SAP.DE is in euros already.
    const sapValue = new Dec(String(quotes['SAP.DE'].regularMarketPrice)).times(5);
    const sapCost = new Dec(1000);
    // The ledger books a trade's cash to the cent (half up).
    const cash = new Dec(10000).minus(aaplCost.toDecimalPlaces(2, Dec.ROUND_HALF_UP)).minus(sapCost);

    const aapl = holdings.find((h) => h.symbol === 'AAPL')!;
    expect(aapl).toMatchObject({
      currency: 'USD',
      listingPrice: String(quotes.AAPL.regularMarketPrice),
      currentPrice: aaplPrice.toFixed(),
      averagePrice: aaplAverage.toFixed(),
      costBasis: aaplCost.toFixed(2),
      totalValue: aaplValue.toFixed(2),
      gainLoss: aaplValue.minus(aaplCost).toFixed(2),
    });
    const sap = holdings.find((h) => h.symbol === 'SAP.DE')!;
    expect(sap).toMatchObject({ currency: 'EUR', costBasis: '1000.00', totalValue: sapValue.toFixed(2) });
    expect(sap.listingPrice).toBe(sap.currentPrice);

    const holdingsValue = aaplValue.plus(sapValue);
    expect(portfolio).toMatchObject({
      baseCurrency: 'EUR',
      holdingsValue: holdingsValue.toFixed(2),
      totalCost: aaplCost.plus(sapCost).toFixed(2),
      totalGainLoss: holdingsValue.minus(aaplCost).minus(sapCost).toFixed(2),
      cashBalance: cash.toFixed(2, Dec.ROUND_HALF_UP),
      totalValue: holdingsValue.plus(cash).toFixed(2, Dec.ROUND_HALF_UP),
    });
    // Cash per currency, each in its own: only euros (the AAPL buy found no dollars and took euros).
    expect(portfolio.cashByCurrency).toEqual([{ currency: 'EUR', amount: cash.toFixed(2, Dec.ROUND_HALF_UP) }]);
    // The dollars were added as quoted before: the total would be off by 10 × price × (1 − rate).
    expect(portfolio.holdingsValue).not.toBe(
      new Dec(String(quotes.AAPL.regularMarketPrice)).times(10).plus(sapValue).toFixed(2),
    );

    // One total value (§4): the list, the holdings call and the performance's end value agree.
    const listed = ((await owner.get('/api/portfolios')).json as Json[]).find((p) => p.id === id)!;
    expect(listed).toMatchObject({ totalValue: portfolio.totalValue, cashBalance: portfolio.cashBalance });
    const table = (await owner.get(`/api/portfolios/${id}/holdings`)).json as Json[];
    expect(table.find((h) => h.symbol === 'AAPL')).toMatchObject({ totalValue: aapl.totalValue });
    const perf = (await owner.get(`/api/portfolios/${id}/performance?range=ALL&benchmark=SPY`)).json;
    expect(perf.endValue).toBe(portfolio.totalValue);
    // Within a cent: the engine books each trade's cost to the cent, the holdings view sums the exact costs.
    expect(Math.abs(Number(perf.unrealisedGain) - Number(portfolio.totalGainLoss))).toBeLessThanOrEqual(0.01);
  });

  it('shows the shared page in euros too, labelled so', async () => {
    const id = await portfolioWith('EUR', [
      { type: 'buy', date: daysAgo(60), symbol: 'AAPL', quantity: 2, price: 100 },
    ]);
    const { portfolio } = await pageOf(id);
    const link = (await owner.patch(`/api/portfolios/${id}/visibility`, { isPublic: true })).json.shareableLink;
    const shared = (await (await fetch(`${server.url}/api/portfolio/shared/${link}`)).json()) as Json;
    expect(shared.portfolio).toMatchObject({ currency: 'EUR', totalValue: portfolio.holdingsValue });
    expect(shared.holdings[0]).toMatchObject({ symbol: 'AAPL', currency: 'USD' });
  });
});

describe('a USD portfolio holding a Frankfurt listing', () => {
  it('values it in dollars at today’s rate and costs it at the trade day’s', async () => {
    const id = await portfolioWith('USD', [
      { type: 'deposit', date: daysAgo(90), amount: '5000' },
      { type: 'buy', date: daysAgo(50), symbol: 'SAP.DE', quantity: 3, price: 200, fee: '1.50' },
    ]);
    const { portfolio, holdings } = await pageOf(id);
    const quotes = await server.deps.market.quotes(['SAP.DE']);
    const eurUsd = await server.deps.market.fxHistory('EUR', 'USD', 2);
    const price = converted(quotes['SAP.DE'].regularMarketPrice, rateOn(eurUsd, daysAgo(0)));
    const tradeRate = rateOn(eurUsd, daysAgo(50));
    const average = new Dec(200).times(tradeRate).toDecimalPlaces(8, Dec.ROUND_HALF_UP);
    const fee = new Dec('1.50').times(tradeRate).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    const value = price.times(3);
    // The engine's average price carries the fee (the ledger's rule for a buy's cost basis).
    const cost = average.times(3).plus(fee);
    const cash = new Dec(5000).minus(average.times(3).toDecimalPlaces(2, Dec.ROUND_HALF_UP)).minus(fee);
    expect(holdings[0]).toMatchObject({
      symbol: 'SAP.DE',
      currency: 'EUR',
      listingPrice: String(quotes['SAP.DE'].regularMarketPrice),
      currentPrice: price.toFixed(),
      totalValue: value.toFixed(2),
      costBasis: cost.toFixed(2),
    });
    expect(portfolio).toMatchObject({
      holdingsValue: value.toFixed(2),
      cashBalance: cash.toFixed(2, Dec.ROUND_HALF_UP),
      totalValue: value.plus(cash).toFixed(2, Dec.ROUND_HALF_UP),
    });
    const perf = (await owner.get(`/api/portfolios/${id}/performance?range=ALL&benchmark=SPY`)).json;
    expect(perf.endValue).toBe(portfolio.totalValue);
  });
});

describe('a USD portfolio holding euros (decision 023: foreign cash revalued at each day’s rate)', () => {
  it('counts the euros as cash at today’s rate, never as a holding, on every screen', async () => {
    // €1,000 deposited 300 days ago; 100 days ago 3 SAP.DE at €200 and a €1.50 fee, paid from the euros: €398.50
    // left, worth 398.50 × today's EURUSD. The dollars' cash is 0: the deposit's dollars bought the euros, and the
    // euros the buy spent were sold for exactly what the buy cost in dollars that day.
    const id = await portfolioWith('USD', [
      { type: 'deposit', date: daysAgo(300), amount: '1000', currency: 'EUR' },
      { type: 'buy', date: daysAgo(100), symbol: 'SAP.DE', quantity: 3, price: 200, fee: '1.50', currency: 'EUR' },
    ]);
    const { portfolio, holdings } = await pageOf(id);
    const quotes = await server.deps.market.quotes(['SAP.DE']);
    const eurUsd = await server.deps.market.fxHistory('EUR', 'USD', 2);
    const [today, tradeDay, depositDay] = [0, 100, 300].map((n) => rateOn(eurUsd, daysAgo(n)));
    const cash = new Dec('398.50').times(today).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    const value = converted(quotes['SAP.DE'].regularMarketPrice, today).times(3);
    const average = new Dec(200).times(tradeDay).toDecimalPlaces(8, Dec.ROUND_HALF_UP);
    const cost = average.times(3).plus(new Dec('1.50').times(tradeDay).toDecimalPlaces(2, Dec.ROUND_HALF_UP));

    expect(holdings.map((h) => h.symbol)).toEqual(['SAP.DE']);
    expect(holdings[0]).toMatchObject({ costBasis: cost.toFixed(2), totalValue: value.toFixed(2) });
    expect(holdings[0].realisedGain).toBe('0.00');
    expect(portfolio).toMatchObject({
      holdingsValue: value.toFixed(2),
      cashBalance: cash.toFixed(2),
      totalValue: value.plus(cash).toFixed(2, Dec.ROUND_HALF_UP),
    });
    expect(portfolio.cashByCurrency).toEqual([{ currency: 'EUR', amount: '398.50' }]);
    // Before, the euros were fixed at their deposit's dollars: 1,000 × r(300 days ago) − the buy's cost that day.
    const fixed = new Dec(1000).times(depositDay).toDecimalPlaces(2, Dec.ROUND_HALF_UP).minus(cost);
    if (!today.eq(depositDay) || !today.eq(tradeDay)) expect(portfolio.cashBalance).not.toBe(fixed.toFixed(2));

    // The same total on the list, the holdings call, the shared page and the performance; nothing synthetic shows.
    const listed = ((await owner.get('/api/portfolios')).json as Json[]).find((p) => p.id === id)!;
    expect(listed).toMatchObject({ totalValue: portfolio.totalValue, cashBalance: portfolio.cashBalance });
    const table = (await owner.get(`/api/portfolios/${id}/holdings`)).json as Json[];
    expect(table.map((h) => h.symbol)).toEqual(['SAP.DE']);
    const perf = (await owner.get(`/api/portfolios/${id}/performance?range=ALL&benchmark=SPY`)).json;
    expect(perf).toMatchObject({ endValue: portfolio.totalValue, cashBalance: portfolio.cashBalance });
    expect(perf.dividendsReceived).toEqual([]);
    // One external flow, the deposit at its day's rate; the TWR is the end value over it (nothing else went in).
    const deposited = new Dec(1000).times(depositDay).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    expect(perf.netFlows).toBe(deposited.toFixed(2));
    expect(Number(perf.twr)).toBeCloseTo(Number(portfolio.totalValue) / deposited.toNumber() - 1, 6);
    const activities = (await owner.get(`/api/portfolios/${id}/activities`)).json;
    const list = (activities.activities ?? activities) as Json[];
    expect(list.map((a) => `${a.type} ${a.symbol ?? ''}`).sort()).toEqual(['buy SAP.DE', 'deposit ']);
  });
});
