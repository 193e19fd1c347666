import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePortfolio } from '../../src/server/ai/analyst/writers/portfolio';
import { groundAnswer } from '../../src/server/ai/grounding';
import { unitOfKey } from '../../src/server/ai/grounding/facts';
import {
  createGetPortfolioTool,
  MAX_LISTED_HOLDINGS,
  NO_PORTFOLIO_MESSAGE,
  PORTFOLIO_NOT_FOUND_FOR_TOOL,
  type PortfolioToolData,
} from '../../src/server/modules/portfolios/agentTool';
import { ToolFailure, type AnyAgentTool, type ToolContext } from '../../src/server/ai/tools/types';
import { getPortfolioForOwner } from '../../src/server/modules/portfolios/analysis/analysisService';
import { createPortfolioPerformanceTool } from '../../src/server/modules/portfolios/performanceAgentTool';
import { getPerformance } from '../../src/server/modules/ledger/performanceService';
import type { PortfolioPerformanceToolData } from '../../src/server/ai/tools/portfolioData';
import { createAgentTestDeps, type AgentTestDeps } from '../helpers/agentDeps';
import { act } from '../helpers/ledgerActivities';
import { CORE_AND_A_BIG_BET, seedLedgerPortfolio, seedPortfolio, TECH_BETS } from '../helpers/portfolioSeed';

/** get_portfolio over crafted portfolios in a real database, valued by the real (simulated) market. */

const NOW = Date.UTC(2025, 0, 15, 15, 5, 30);
const MINUTE = Date.UTC(2025, 0, 15, 15, 5);
let env: AgentTestDeps;
beforeAll(async () => {
  env = await createAgentTestDeps(NOW);
});
afterAll(() => env?.close());

/** The tool as a chat turn gets it, with this server's caches. */
const getPortfolioTool = () => createGetPortfolioTool(env.deps);
const ctxFor = (userId: string): ToolContext => ({ deps: env.deps, userId, charge: () => Promise.resolve() });
const run = (tool: AnyAgentTool, userId: string, input: unknown = {}) =>
  tool.run(tool.input.parse(input), ctxFor(userId));

describe('get_portfolio', () => {
  it('answers the portfolio asked for with values, holdings, allocation and checks, each with source and as-of', async () => {
    const userId = await env.newUser();
    const id = await seedPortfolio(env.deps.db, userId, {
      name: 'Tech bets',
      description: 'Big names',
      createdAt: NOW - 10_000,
      holdings: TECH_BETS,
    });
    const incomeId = await seedPortfolio(env.deps.db, userId, {
      name: 'Income',
      createdAt: NOW - 5_000,
      holdings: [['KO', '20', '55']],
    });

    const result = await run(getPortfolioTool(), userId, { id });
    const report = await getPortfolioForOwner(env.deps, userId, id);
    const data = result.data as PortfolioToolData;

    expect(result.source).toEqual({
      provider: 'portfolio',
      simulated: true,
      label: 'Your portfolios, priced by Simulated market (built-in)',
    });
    expect(result.asOf).toBe(MINUTE);
    expect(result.subject).toBe('"Tech bets"');
    expect(getPortfolioTool().progress({})).toBe('Reading your portfolio…');

    expect(data).toMatchObject({
      hasPortfolio: true,
      selection: 'requested',
      portfolioCount: 2,
      id,
      name: 'Tech bets',
      description: 'Big names',
      totalValue: Number(report.portfolio.totalValue),
      totalCost: 3463.12,
      totalGainLoss: Number(report.portfolio.totalGainLoss),
      totalGainLossPercent: Number(report.portfolio.totalGainLossPercent),
      dayChange: Number(report.portfolio.dayChange),
      holdingsCount: 4,
      pricesAsOf: new Date(MINUTE).toISOString(),
      pricesSource: 'Simulated market (built-in)',
      stale: false,
      priceErrors: [],
      otherPortfolios: [{ id: incomeId, name: 'Income', lastUpdated: new Date(NOW - 5_000).toISOString() }],
    });
    // Money as numbers that print to the server's exact cents.
    expect(data.totalValue.toFixed(2)).toBe(report.portfolio.totalValue);
    // Each total is rounded to cents on its own, so they agree to within a cent.
    expect(Math.abs(data.totalCost + data.totalGainLoss - data.totalValue)).toBeLessThanOrEqual(0.0100001);

    // Largest first, each with its weight; the allocation sums to the whole.
    expect(data.holdings.map((h) => h.symbol)).toEqual(report.allocation.byHolding.map((s) => s.label));
    const msft = data.holdings.find((h) => h.symbol === 'MSFT')!;
    const valued = report.holdings.find((h) => h.symbol === 'MSFT')!;
    expect(msft).toEqual({
      symbol: 'MSFT',
      name: 'Microsoft Corporation',
      quantity: 2.5,
      averagePrice: 300.25,
      currentPrice: Number(valued.currentPrice),
      totalValue: Number(valued.totalValue),
      gainLoss: Number(valued.gainLoss),
      gainLossPercent: Number(valued.gainLossPercent),
      dayChangePercent: Number(valued.dayChangePercent),
      weightPercent: Number(valued.weight),
      priceAsOf: new Date(MINUTE).toISOString(),
    });
    expect(data.allocationBySector.reduce((sum, s) => sum + s.weightPercent, 0)).toBeCloseTo(100, 1);
    expect(data.allocationBySector[0]).toEqual({
      sector: 'Technology',
      value: expect.any(Number),
      weightPercent: expect.any(Number),
    });

    // Every rule, its figure named by unit (percent or plain), its sentence as the rule wrote it.
    expect(data.checks.results).toHaveLength(report.rules.length);
    expect(data.checks.warnings).toBe(report.rules.filter((r) => r.status === 'warn').length);
    expect(data.checks.asOf).toBe(new Date(NOW).toISOString());
    const largest = data.checks.results.find((c) => c.key === 'largestPosition')!;
    const largestRule = report.rules.find((r) => r.key === 'largestPosition')!;
    expect(largest).toEqual({
      key: 'largestPosition',
      title: 'Largest position',
      status: 'warn',
      sentence: largestRule.sentence,
      measuredPercent: largestRule.value,
      thresholdPercent: 25,
    });
    expect(data.checks.results.find((c) => c.key === 'holdingsCount')).toMatchObject({
      status: 'warn',
      measured: 4,
      threshold: 5,
    });
    expect(data.checks.results.find((c) => c.key === 'beta')).toMatchObject({
      measured: expect.any(Number),
      threshold: 1.2,
    });
  });

  it('without an id reads the most recently updated portfolio and says so, listing the others', async () => {
    const userId = await env.newUser();
    // Created first but changed last: the update time decides.
    const older = await seedPortfolio(env.deps.db, userId, {
      name: 'Long term',
      createdAt: NOW - 90_000,
      updatedAt: NOW - 1_000,
      holdings: [['SPY', '2', '400']],
    });
    const newer = await seedPortfolio(env.deps.db, userId, {
      name: 'Trading',
      createdAt: NOW - 50_000,
      holdings: [['TSLA', '1', '200']],
    });

    const data = (await run(getPortfolioTool(), userId)).data as PortfolioToolData;
    expect(data).toMatchObject({ id: older, name: 'Long term', selection: 'most recently updated', portfolioCount: 2 });
    expect(data.otherPortfolios).toEqual([
      { id: newer, name: 'Trading', lastUpdated: new Date(NOW - 50_000).toISOString() },
    ]);
  });

  it("treats another user's portfolio exactly like a missing one", async () => {
    const owner = await env.newUser();
    const intruder = await env.newUser();
    const id = await seedPortfolio(env.deps.db, owner, { name: 'Private', createdAt: NOW, holdings: TECH_BETS });
    await seedPortfolio(env.deps.db, intruder, { name: 'Mine', createdAt: NOW });

    const foreign = await run(getPortfolioTool(), intruder, { id }).catch((e: unknown) => e);
    const missing = await run(getPortfolioTool(), intruder, { id: 'no-such-portfolio' }).catch((e: unknown) => e);
    expect(foreign).toBeInstanceOf(ToolFailure);
    expect(missing).toBeInstanceOf(ToolFailure);
    expect((foreign as Error).message).toBe(PORTFOLIO_NOT_FOUND_FOR_TOOL);
    expect((missing as Error).message).toBe((foreign as Error).message);
    // A review bound to someone else's portfolio finds nothing either.
    await expect(run(createGetPortfolioTool(env.deps, { portfolioUnderReview: id }), intruder)).rejects.toThrow(
      PORTFOLIO_NOT_FOUND_FOR_TOOL,
    );
  });

  it('says plainly that there is no portfolio yet', async () => {
    const result = await run(getPortfolioTool(), await env.newUser());
    expect(result.data).toEqual({ hasPortfolio: false, portfolioCount: 0, message: NO_PORTFOLIO_MESSAGE });
    expect(result.source).toEqual({ provider: 'portfolio', simulated: false, label: 'Your portfolios' });
    expect(result.asOf).toBe(NOW);
  });

  it('bound to a review, reads the portfolio under review without an id', async () => {
    const userId = await env.newUser();
    const reviewed = await seedPortfolio(env.deps.db, userId, {
      name: 'Reviewed',
      createdAt: NOW - 90_000,
      holdings: [['KO', '3', '50']],
    });
    await seedPortfolio(env.deps.db, userId, { name: 'Newest', createdAt: NOW });
    const data = (await run(createGetPortfolioTool(env.deps, { portfolioUnderReview: reviewed }), userId))
      .data as PortfolioToolData;
    expect(data).toMatchObject({ id: reviewed, selection: 'under review', portfolioCount: 2 });
  });

  it('lists the largest 25 holdings and sums the rest; a holding without a price is flagged, not zero', async () => {
    const userId = await env.newUser();
    const symbols = [
      'AAPL',
      'MSFT',
      'GOOGL',
      'AMZN',
      'META',
      'NVDA',
      'TSLA',
      'AMD',
      'INTC',
      'NFLX',
      'KO',
      'PEP',
      'JPM',
      'V',
      'MA',
      'DIS',
      'WMT',
      'COST',
      'XOM',
      'CVX',
      'PFE',
      'JNJ',
      'UNH',
      'HD',
      'BA',
      'NKE',
      'SPY',
      'QQQ',
      'VOO',
      'PLTR',
    ];
    const id = await seedPortfolio(env.deps.db, userId, {
      name: 'Everything',
      createdAt: NOW,
      holdings: [...symbols.map((s, i): [string, string, string] => [s, String(i + 1), '10']), ['ZZZZZ', '1', '5']],
    });
    const data = (await run(getPortfolioTool(), userId, { id })).data as PortfolioToolData;
    expect(data.holdingsCount).toBe(31);
    expect(data.holdings).toHaveLength(MAX_LISTED_HOLDINGS);
    const values = data.holdings.map((h) => h.totalValue!);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const listed = values.reduce((sum, v) => sum + v, 0);
    expect(data.otherHoldings!.count).toBe(6);
    expect(listed + data.otherHoldings!.totalValue).toBeCloseTo(data.totalValue, 2);
    expect(data.priceErrors).toEqual([expect.stringContaining('ZZZZZ')]);
    // The unpriced holding is among the summed ones (it sorts last), never valued at zero.
    expect(data.holdings.some((h) => h.symbol === 'ZZZZZ')).toBe(false);
  });

  it('validates its input: an empty or null id means no id, a long one is refused', () => {
    expect(getPortfolioTool().input.parse({ id: '' })).toEqual({});
    expect(getPortfolioTool().input.parse({ id: null })).toEqual({});
    expect(getPortfolioTool().input.parse({ id: '  abc  ' })).toEqual({ id: 'abc' });
    expect(getPortfolioTool().input.safeParse({ id: 'x'.repeat(101) }).success).toBe(false);
    expect(getPortfolioTool().input.safeParse({ id: 42 }).success).toBe(false);
  });

  it('fails in words where there is no database (the status probe runs tools with the market alone)', async () => {
    const ctx: ToolContext = {
      deps: { market: env.deps.market, now: env.deps.now },
      userId: env.userId,
      charge: () => Promise.resolve(),
    };
    await expect(getPortfolioTool().run({}, ctx)).rejects.toThrow(new ToolFailure('Portfolios cannot be read here.'));
  });

  it('names its money so the grounding check reads it as dollars, and a copied answer verifies', async () => {
    for (const key of [
      'totalValue',
      'totalCost',
      'totalGainLoss',
      'dayChange',
      'averagePrice',
      'currentPrice',
      'gainLoss',
      'value',
    ]) {
      expect(unitOfKey(key), key).toBe('usd');
    }
    for (const key of ['totalGainLossPercent', 'weightPercent', 'measuredPercent', 'thresholdPercent'])
      expect(unitOfKey(key), key).toBe('percent');
    expect(unitOfKey('measured')).toBe('plain');

    const userId = await env.newUser();
    const id = await seedPortfolio(env.deps.db, userId, { name: 'Tech bets', createdAt: NOW, holdings: TECH_BETS });
    const result = await run(getPortfolioTool(), userId, { id });
    const data = result.data as PortfolioToolData;
    const usd = (v: number) =>
      `$${Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const honest = `Worth ${usd(data.totalValue)}, gain ${usd(data.totalGainLoss)} (${data.totalGainLossPercent!.toFixed(2)}%) on ${usd(data.totalCost)}. ${data.checks.results[0].sentence}`;
    const honestCheck = groundAnswer(honest, [{ tool: 'get_portfolio', result }], NOW);
    expect(honestCheck.verification.verified).toBe(honestCheck.verification.total);
    expect(honestCheck.figures.find((f) => f.text === usd(data.totalGainLoss))?.source).toMatchObject({
      tool: 'get_portfolio',
      label: 'total gain loss',
    });

    // A value the portfolio does not have is caught.
    const invented = groundAnswer(`Worth ${usd(data.totalValue + 1234)}.`, [{ tool: 'get_portfolio', result }], NOW);
    expect(invented.figures.filter((f) => !f.verified).map((f) => f.text)).toEqual([usd(data.totalValue + 1234)]);
  });

  it("gives the ledger's returns, each grounded (issue 21)", async () => {
    for (const key of ['realisedGain', 'unrealisedGain', 'dividends', 'fees', 'cashBalance', 'valueWithSameFlows'])
      expect(unitOfKey(key), key).toBe('usd');
    for (const key of ['timeWeightedReturnPercent', 'moneyWeightedReturnPercent'])
      expect(unitOfKey(key)).toBe('percent');
    const userId = await env.newUser();
    const id = await seedPortfolio(env.deps.db, userId, {
      name: 'Ledger',
      createdAt: NOW - 400 * 86_400_000,
      holdings: [['AAPL', '10', '150']],
    });
    const result = await run(getPortfolioTool(), userId, { id });
    const data = result.data as PortfolioToolData;
    const p = data.performance!;
    expect(p).toMatchObject({ costMethod: 'fifo', realisedGain: 0, dividends: 0, fees: 0 });
    expect(p.from).toBe(new Date(NOW - 400 * 86_400_000).toISOString().slice(0, 10));
    expect(typeof p.timeWeightedReturnPercent).toBe('number');
    expect(p.benchmark.symbol).toBe('SPY');
    const usd = (v: number) =>
      `$${Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const honest = `Time-weighted return ${p.timeWeightedReturnPercent!.toFixed(2)}%, unrealised gain ${usd(p.unrealisedGain)}, end value ${usd(p.endValue)}.`;
    const check = groundAnswer(honest, [{ tool: 'get_portfolio', result }], NOW);
    expect(check.verification.verified).toBe(check.verification.total);
    // The built-in analyst's returns line is grounded too.
    const written = writePortfolio(data, { depth: 'summary', symbols: [] });
    expect(written).toContain('(time-weighted)');
    const writtenCheck = groundAnswer(written, [{ tool: 'get_portfolio', result }], NOW);
    expect(writtenCheck.verification.verified).toBe(writtenCheck.verification.total);
    const invented = groundAnswer(`Realised gain ${usd(4321.09)}.`, [{ tool: 'get_portfolio', result }], NOW);
    expect(invented.figures.filter((f) => !f.verified).map((f) => f.text)).toEqual([usd(4321.09)]);
  });
});

describe('portfolio_performance', () => {
  const tool = () => createPortfolioPerformanceTool(env.deps);
  const seeded = async () => {
    const userId = await env.newUser();
    const id = await seedLedgerPortfolio(env.deps.db, userId, {
      name: 'Core and a big bet',
      createdAt: NOW - 50_000,
      activities: CORE_AND_A_BIG_BET,
    });
    return { userId, id };
  };

  it("answers the ledger's figures over the range, the dividends in it, and the benchmark with the same flows", async () => {
    const { userId, id } = await seeded();
    const result = await run(tool(), userId, { range: 'YTD', benchmark: 'qqq' });
    const data = result.data as PortfolioPerformanceToolData;
    const ledger = await getPerformance(env.deps, userId, id, 'YTD', 'QQQ');
    expect(data.portfolio).toEqual({ id, name: 'Core and a big bet', selection: 'most recently updated' });
    expect(data).toMatchObject({ range: 'YTD', from: ledger.from, to: ledger.to });
    expect(data.timeWeightedReturnPercent).toBe(Math.round(Number(ledger.twr) * 10_000) / 100);
    expect(data.benchmark.symbol).toBe('QQQ');
    // The only dividend of 2025 so far: KO on January 7.
    expect(data.dividendsReceived).toBe(24.25);
    expect(data.dividendPayments).toEqual([{ date: '2025-01-07', symbol: 'KO', amount: 24.25 }]);
    expect(data.versusBenchmarkPercent).toBe(
      Math.round((data.timeWeightedReturnPercent! - data.benchmark.twrPercent!) * 100) / 100,
    );
    // Every figure an answer copies is verified.
    const copied = `Your portfolio is up ${data.timeWeightedReturnPercent}% against ${data.benchmark.twrPercent}% for QQQ, with $${data.dividendsReceived.toFixed(2)} of dividends and $${data.endValue.toFixed(2)} at the end.`;
    const { verification } = groundAnswer(copied, [{ tool: 'portfolio_performance', result }], NOW);
    expect(verification.verified).toBe(verification.total);
  });

  it('reads three years from the whole history, and leaves out what only the ledger ranges compute', async () => {
    const userId = await env.newUser();
    await seedLedgerPortfolio(env.deps.db, userId, {
      name: 'Since 2019',
      createdAt: NOW - 50_000,
      activities: [
        act('deposit', '2019-01-02', { amount: '10000' }),
        act('buy', '2019-01-02', { symbol: 'AAPL', quantity: '50', price: '40' }),
        act('dividend', '2021-05-13', { symbol: 'AAPL', amount: '11.00' }),
        act('dividend', '2023-05-18', { symbol: 'AAPL', amount: '12.00' }),
      ],
    });
    const data = (await run(tool(), userId, { range: '3Y' })).data as PortfolioPerformanceToolData;
    expect(data.range).toBe('3Y');
    expect(data.from >= '2022-01-14' && data.from <= '2022-01-19').toBe(true);
    expect(data.timeWeightedReturnPercent).not.toBeNull();
    expect(data.benchmark.symbol).toBe('SPY');
    // Only the dividend inside the three years; what the ledger computes for its own ranges only is left out.
    expect(data.dividendsReceived).toBe(12);
    expect(data.moneyWeightedReturnAnnualPercent).toBeNull();
    expect(data.realisedGain).toBeNull();
    expect(data.basis).toMatch(/last 3 years/);
    // A ledger younger than the range is the range: every figure of its whole history.
    const { userId: younger } = await seeded();
    const young = (await run(tool(), younger, { range: '5Y' })).data as PortfolioPerformanceToolData;
    expect(young.from).toBe('2022-03-01');
    expect(young.moneyWeightedReturnAnnualPercent).not.toBeNull();
  });

  it('says there is no portfolio, and fails in words on an unknown benchmark', async () => {
    const none = await run(tool(), await env.newUser(), {});
    expect(none.data).toEqual({ hasPortfolio: false, portfolioCount: 0, message: NO_PORTFOLIO_MESSAGE });
    const { userId } = await seeded();
    await expect(run(tool(), userId, { range: '1Y', benchmark: 'ZZZZZ' })).rejects.toBeInstanceOf(ToolFailure);
    expect(() => tool().input.parse({ range: '10Y' })).toThrow();
  });
});
