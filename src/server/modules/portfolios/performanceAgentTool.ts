import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  PERFORMANCE_RANGES,
  type PerformanceAnswer,
  type PerformanceRange,
} from '../../../shared/portfolio/ledger/types';
import { toolSymbol, upperEnum } from '../../ai/tools/common';
import type {
  NoPortfolioData,
  PortfolioPerformanceData,
  PortfolioPerformanceToolData,
} from '../../ai/tools/portfolioData';
import { defineTool, ToolFailure } from '../../ai/tools/types';
import {
  fractionPercent,
  mostRecentlyUpdated,
  NO_PORTFOLIO_MESSAGE,
  optionalId,
  PORTFOLIO_NOT_FOUND_FOR_TOOL,
  readDeps,
  type PortfolioToolCaches,
} from './agentTool';
import { getPerformance } from '../ledger/performanceService';
import { listPortfolios } from './queries';

/**
 * portfolio_performance(range, benchmark?): the user's portfolio over a range from its ledger (the same figures as
 * the Performance card): time- and money-weighted return, dividends received, realised and unrealised gain, and the
 * benchmark's return with the same cash flows. It only calls the performance service; 3Y and 5Y, which the ledger
 * does not compute as ranges, are read from its whole history (the returns from its daily index, the dividends
 * from its list), and say what they leave out.
 */

export const PORTFOLIO_RANGES = ['1M', '3M', '6M', 'YTD', '1Y', '3Y', '5Y', 'ALL'] as const;
const YEARS: Record<string, number> = { '3Y': 3, '5Y': 5 };
const MAX_DIVIDEND_PAYMENTS = 20;

const money = (s: string | null) => (s === null ? null : Number(s));

function fromAnswer(
  p: PerformanceAnswer,
  range: string,
): Omit<PortfolioPerformanceToolData, 'hasPortfolio' | 'portfolio'> {
  const twr = fractionPercent(p.twr);
  const bench = fractionPercent(p.benchmark.twr);
  return {
    range,
    from: p.from,
    to: p.to,
    timeWeightedReturnPercent: twr,
    timeWeightedReturnAnnualisedPercent: fractionPercent(p.twrAnnualised),
    moneyWeightedReturnAnnualPercent: fractionPercent(p.mwr),
    startValue: Number(p.startValue),
    endValue: Number(p.endValue),
    netFlows: Number(p.netFlows),
    gain: Math.round((Number(p.endValue) - Number(p.startValue) - Number(p.netFlows)) * 100) / 100,
    realisedGain: Number(p.realisedGain),
    unrealisedGain: Number(p.unrealisedGain),
    dividendsReceived: Number(p.dividends),
    dividendPayments: p.dividendsReceived
      .slice(0, MAX_DIVIDEND_PAYMENTS)
      .map((d) => ({ date: d.date, symbol: d.symbol, amount: Number(d.amount) })),
    fees: Number(p.fees),
    benchmark: {
      symbol: p.benchmark.symbol,
      twrPercent: bench,
      valueWithSameFlows: money(p.benchmark.valueWithSameFlows),
    },
    versusBenchmarkPercent: twr !== null && bench !== null ? Math.round((twr - bench) * 100) / 100 : null,
    basis:
      'From the portfolio ledger: time-weighted return (the investments alone), money-weighted return (XIRR, a yearly rate counting when money went in and out), and the benchmark with the same deposits and withdrawals.',
  };
}

/** 3Y and 5Y from the whole history: the returns between the index values at both ends, dividends by date. */
function withinAll(
  p: PerformanceAnswer,
  range: string,
  years: number,
): Omit<PortfolioPerformanceToolData, 'hasPortfolio' | 'portfolio'> {
  const start = new Date(`${p.to}T00:00:00Z`);
  start.setUTCFullYear(start.getUTCFullYear() - years);
  const from = start.toISOString().slice(0, 10);
  // A ledger younger than the range is the range.
  if (p.from >= from) return { ...fromAnswer(p, range) };
  const first = p.series.find((point) => point.date >= from);
  const last = p.series[p.series.length - 1];
  const ratio = (a: string | null, b: string | null) =>
    a === null || b === null || Number(a) === 0 ? null : Math.round((Number(b) / Number(a) - 1) * 10_000) / 100;
  const twr = first && last ? ratio(first.twrIndex, last.twrIndex) : null;
  const bench = first && last ? ratio(first.benchmarkIndex, last.benchmarkIndex) : null;
  const payments = p.dividendsReceived.filter((d) => d.date >= from);
  const dividends = payments.reduce((sum, d) => sum + Number(d.amount), 0);
  return {
    ...fromAnswer(p, range),
    from: first?.date ?? from,
    timeWeightedReturnPercent: twr,
    timeWeightedReturnAnnualisedPercent:
      twr === null ? null : Math.round((Math.pow(1 + twr / 100, 1 / years) - 1) * 10_000) / 100,
    moneyWeightedReturnAnnualPercent: null,
    startValue: first ? Number(first.value) : Number(p.startValue),
    netFlows: null,
    gain: null,
    realisedGain: null,
    unrealisedGain: null,
    dividendsReceived: Math.round(dividends * 100) / 100,
    dividendPayments: payments
      .slice(0, MAX_DIVIDEND_PAYMENTS)
      .map((d) => ({ date: d.date, symbol: d.symbol, amount: Number(d.amount) })),
    fees: null,
    benchmark: { symbol: p.benchmark.symbol, twrPercent: bench, valueWithSameFlows: null },
    versusBenchmarkPercent: twr !== null && bench !== null ? Math.round((twr - bench) * 100) / 100 : null,
    basis: `From the portfolio ledger's daily index over the last ${years} years: time-weighted return and the benchmark's; the money-weighted return, gains and fees are computed for the ledger's own ranges (1M to 1Y, ALL) only.`,
  };
}

const input = z.object({
  range: upperEnum(PORTFOLIO_RANGES).default('1Y').describe('1M, 3M, 6M, YTD, 1Y, 3Y, 5Y or ALL (default 1Y)'),
  benchmark: toolSymbol.optional().describe('Benchmark symbol; default SPY (the S&P 500). QQQ for the Nasdaq 100'),
  id: optionalId.describe('Portfolio id; leave out for the most recently updated portfolio'),
});

export function createPortfolioPerformanceTool(
  caches: PortfolioToolCaches,
  options: { portfolioUnderReview?: string } = {},
) {
  return defineTool<typeof input, PortfolioPerformanceData>({
    name: 'portfolio_performance',
    description:
      "The user's portfolio over a range, from its ledger: time-weighted return (TWR), money-weighted return (XIRR), " +
      'dividends received in the range (total and each payment), realised and unrealised gain, fees, and the ' +
      'benchmark\'s return with the same cash flows (default SPY). Use it for "how has my portfolio done this year", ' +
      '"did I beat the S&P 500", "dividends I received this year" (range YTD).',
    input,
    progress: ({ range, benchmark }) =>
      `Reading your portfolio's returns (${range}${benchmark ? ` against ${benchmark}` : ''})…`,
    async run({ range, benchmark, id }, ctx) {
      const deps = readDeps(ctx, caches);
      const rows = await listPortfolios(deps.db, ctx.userId);
      const wanted = id ?? options.portfolioUnderReview;
      const source = { provider: 'portfolio', simulated: deps.market.info().simulated, label: 'Your portfolio ledger' };
      if (!wanted && rows.length === 0) {
        const data: NoPortfolioData = { hasPortfolio: false, portfolioCount: 0, message: NO_PORTFOLIO_MESSAGE };
        return { data, source, asOf: deps.now(), subject: 'your portfolios' };
      }
      const row = wanted ? rows.find((r) => r.id === wanted) : mostRecentlyUpdated(rows);
      if (!row) throw new ToolFailure(PORTFOLIO_NOT_FOUND_FOR_TOOL);
      const ledgerRange: PerformanceRange = (PERFORMANCE_RANGES as readonly string[]).includes(range)
        ? (range as PerformanceRange)
        : 'ALL';
      let answer: PerformanceAnswer;
      try {
        answer = await getPerformance(deps, ctx.userId, row.id, ledgerRange, benchmark ?? 'SPY');
      } catch (error) {
        // An unknown benchmark, a market outage: said in words the answer can pass on.
        if (error instanceof TRPCError && error.code !== 'TOO_MANY_REQUESTS')
          throw new ToolFailure(`The portfolio's returns could not be computed: ${error.message}`);
        throw error;
      }
      const figures = YEARS[range] ? withinAll(answer, range, YEARS[range]) : fromAnswer(answer, range);
      const selection = id ? 'requested' : options.portfolioUnderReview ? 'under review' : 'most recently updated';
      return {
        data: { hasPortfolio: true, portfolio: { id: row.id, name: row.name, selection }, ...figures },
        source,
        asOf: deps.now(),
        subject: `${JSON.stringify(row.name)} ${range}`,
      };
    },
  });
}
