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
import { createAgentTestDeps, type AgentTestDeps } from '../helpers/agentDeps';
import { seedPortfolio, TECH_BETS } from '../helpers/portfolioSeed';

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
