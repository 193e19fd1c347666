import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { Dec } from '../../../shared/portfolio/decimal';
import type { RuleResult, ValuedHolding } from '../../../shared/portfolio/types';
import { marketSource } from '../../ai/tools/common';
import type {
  GetPortfolioData,
  NoPortfolioData,
  PortfolioToolCheck,
  PortfolioToolData,
  PortfolioToolHolding,
  PortfolioToolPerformance,
} from '../../ai/tools/portfolioData';
import { defineTool, ToolFailure, type ToolContext } from '../../ai/tools/types';
import { getPortfolioForOwner, type OwnedPortfolioReport } from './analysis/analysisService';
import type { AppDeps } from '../../depsTypes';
import type { PerformanceDeps } from '../ledger/deps';
import { getPerformance } from '../ledger/performanceService';
import { findOwnedPortfolio, listPortfolios, type PortfolioRow } from './queries';

export type { GetPortfolioData, NoPortfolioData, PortfolioToolCheck, PortfolioToolData, PortfolioToolHolding };

/**
 * Lives with portfolios, not with the agent: the AI layer receives it as an extra tool from the caller (the chat's
 * USER_TOOLS, the AI Review), so the agent never reads a feature's tables. The answer's shape is the agent's
 * (ai/tools/portfolioData.ts), since the built-in analyst writes from it.
 *
 * get_portfolio(id?): one of the signed-in user's portfolios, valued now, with holdings, allocation by sector and
 * every analysis rule's verdict. Without an id: the portfolio under review (the AI Review binds one), else the one
 * updated most recently, and the data says which. Only the user's own portfolios exist for this tool: another
 * user's id fails exactly like an unknown one.
 *
 * Field names follow the grounding rule (percentages end in Percent, money is named plainly) and money is sent as
 * numbers, so every figure an answer copies from here is verified. Decimal strings stay exact on the server; the
 * numbers here are already rounded to cents, which a double holds exactly enough to print.
 */

/** The largest holdings are listed one by one; the rest are summed, so a 500-holding portfolio stays readable. */
export const MAX_LISTED_HOLDINGS = 25;

export const PORTFOLIO_NOT_FOUND_FOR_TOOL =
  'Portfolio not found: none of your portfolios has that id. Call get_portfolio without an id for your most recently updated portfolio.';

/** How get_portfolio fails for a portfolio it cannot value; the AI Review refuses such a review and charges nothing. */
export const PORTFOLIO_UNREADABLE = 'This portfolio cannot be valued:';
const unreadable = (why: string) => new ToolFailure(`${PORTFOLIO_UNREADABLE} ${why}`);

/** True when every number in `value` (nested objects and lists) is finite. */
function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (value && typeof value === 'object') return Object.values(value).every(allFinite);
  return true;
}

export const NO_PORTFOLIO_MESSAGE =
  'You have no portfolios yet. Create one on the Portfolio page and add your holdings; then I can tell you how it is doing.';

const num = (s: string | null): number | null => (s === null ? null : Number(s));
const iso = (ms: number) => new Date(ms).toISOString();

function toolHolding(h: ValuedHolding): PortfolioToolHolding {
  return {
    symbol: h.symbol,
    name: h.name,
    quantity: Number(h.quantity),
    averagePrice: Number(h.averagePrice),
    currentPrice: num(h.currentPrice),
    totalValue: num(h.totalValue),
    gainLoss: num(h.gainLoss),
    gainLossPercent: num(h.gainLossPercent),
    dayChangePercent: num(h.dayChangePercent),
    weightPercent: num(h.weight),
    priceAsOf: h.priceAsOf,
    ...(h.priceError ? { priceError: h.priceError } : {}),
  };
}

function toolCheck(rule: RuleResult): PortfolioToolCheck {
  const base = { key: rule.key, title: rule.title, status: rule.status, sentence: rule.sentence };
  return rule.unit === 'percent'
    ? { ...base, measuredPercent: rule.value, thresholdPercent: rule.threshold }
    : { ...base, measured: rule.value, threshold: rule.threshold };
}

/** Priced holdings by value, largest first; unpriced ones after them in their stored order. */
function byValue(holdings: readonly ValuedHolding[]): ValuedHolding[] {
  return [...holdings].sort((a, b) => {
    if (a.totalValue === null || b.totalValue === null)
      return (a.totalValue === null ? 1 : 0) - (b.totalValue === null ? 1 : 0);
    return new Dec(b.totalValue).cmp(a.totalValue) || a.symbol.localeCompare(b.symbol);
  });
}

export function portfolioToolData(
  report: OwnedPortfolioReport,
  context: { selection: PortfolioToolData['selection']; others: readonly PortfolioRow[]; pricesSource: string },
): PortfolioToolData {
  const { portfolio } = report;
  const sorted = byValue(report.holdings);
  const listed = sorted.slice(0, MAX_LISTED_HOLDINGS);
  const rest = sorted.slice(MAX_LISTED_HOLDINGS);
  const restValue = rest.reduce((sum, h) => (h.totalValue === null ? sum : sum.plus(h.totalValue)), new Dec(0));
  const restWeight = rest.reduce((sum, h) => (h.weight === null ? sum : sum.plus(h.weight)), new Dec(0));
  return {
    hasPortfolio: true,
    selection: context.selection,
    portfolioCount: context.others.length + 1,
    id: portfolio.id,
    name: portfolio.name,
    description: portfolio.description,
    lastUpdated: portfolio.lastUpdated,
    totalValue: Number(portfolio.totalValue),
    totalCost: Number(portfolio.totalCost),
    totalGainLoss: Number(portfolio.totalGainLoss),
    totalGainLossPercent: num(portfolio.totalGainLossPercent),
    dayChange: Number(portfolio.dayChange),
    dayChangePercent: num(portfolio.dayChangePercent),
    holdingsCount: portfolio.holdingsCount,
    pricesAsOf: portfolio.pricesAsOf,
    pricesSource: context.pricesSource,
    stale: portfolio.stale,
    priceErrors: portfolio.errors,
    holdings: listed.map(toolHolding),
    ...(rest.length
      ? {
          otherHoldings: {
            count: rest.length,
            totalValue: restValue.toDecimalPlaces(2).toNumber(),
            weightPercent: restWeight.toDecimalPlaces(2).toNumber(),
          },
        }
      : {}),
    allocationBySector: report.allocation.bySector.map((s) => ({
      sector: s.label,
      value: Number(s.value),
      weightPercent: Number(s.weight),
    })),
    checks: {
      asOf: report.asOf,
      basis: "Today's holdings at current prices; volatility, drawdown and beta from a year of daily closes.",
      warnings: report.rules.filter((r) => r.status === 'warn').length,
      results: report.rules.map(toolCheck),
      missingHistory: report.missingHistory,
    },
    otherPortfolios: context.others.map((row) => ({ id: row.id, name: row.name, lastUpdated: iso(row.updatedAt) })),
  };
}

export const fractionPercent = (f: string | null) =>
  f === null ? null : new Dec(f).times(100).toDecimalPlaces(2).toNumber();

/**
 * The ledger's returns for the tool (range ALL, benchmark SPY), or undefined when they cannot be computed now (no
 * price history, market down): the rest of the answer still stands, and the model cannot cite what is absent.
 */
async function ledgerPerformance(
  deps: PerformanceDeps,
  userId: string,
  portfolioId: string,
): Promise<PortfolioToolPerformance | undefined> {
  try {
    const p = await getPerformance(deps, userId, portfolioId, 'ALL', 'SPY');
    const row = await findOwnedPortfolio(deps.db, userId, portfolioId);
    return {
      from: p.from,
      to: p.to,
      costMethod: row?.costMethod === 'average' ? 'average' : 'fifo',
      timeWeightedReturnPercent: fractionPercent(p.twr),
      timeWeightedReturnAnnualisedPercent: fractionPercent(p.twrAnnualised),
      moneyWeightedReturnPercent: fractionPercent(p.mwr),
      startValue: Number(p.startValue),
      endValue: Number(p.endValue),
      netFlows: Number(p.netFlows),
      realisedGain: Number(p.realisedGain),
      unrealisedGain: Number(p.unrealisedGain),
      dividends: Number(p.dividends),
      fees: Number(p.fees),
      cashBalance: Number(p.cashBalance),
      benchmark: {
        symbol: p.benchmark.symbol,
        twrPercent: fractionPercent(p.benchmark.twr),
        valueWithSameFlows: p.benchmark.valueWithSameFlows === null ? null : Number(p.benchmark.valueWithSameFlows),
      },
    };
  } catch {
    return undefined;
  }
}

/** Newest change first; creation order breaks ties, so the answer never depends on row order. */
export function mostRecentlyUpdated(rows: readonly PortfolioRow[]): PortfolioRow {
  return rows.reduce((best, row) =>
    row.updatedAt > best.updatedAt || (row.updatedAt === best.updatedAt && row.createdAt > best.createdAt) ? row : best,
  );
}

/** The server's per-process portfolio caches, which the tool is built with (the agent's context has no slot for them). */
export type PortfolioToolCaches = Pick<AppDeps, 'ledgers' | 'ledgerEngine' | 'performance'>;

export function readDeps(ctx: ToolContext, caches: PortfolioToolCaches) {
  const { db, market, now } = ctx.deps;
  // Only the status probe runs tools without a database, and it never asks about portfolios.
  if (!db) throw new ToolFailure('Portfolios cannot be read here.');
  return {
    db,
    market,
    now,
    ledgers: caches.ledgers,
    ledgerEngine: caches.ledgerEngine,
    performance: caches.performance,
  };
}

/** A model may send an empty id or null for "no id". */
export const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() : v),
  z.string().min(1).max(100, 'A portfolio id has at most 100 characters').optional(),
);

const getPortfolioInput = z.object({ id: optionalId.describe('Portfolio id; leave out for the default portfolio') });

/**
 * The tool. `portfolioUnderReview` is the AI Review's portfolio: get_portfolio({}) then means that one, so the
 * review reads what the user is looking at whichever engine answers.
 */
export function createGetPortfolioTool(caches: PortfolioToolCaches, options: { portfolioUnderReview?: string } = {}) {
  return defineTool<typeof getPortfolioInput, GetPortfolioData>({
    name: 'get_portfolio',
    description:
      "One of the user's own portfolios, valued now: total value, cost, gain or loss (in $ and %), today's change, every holding " +
      '(quantity, average price, current price, value, gain or loss, weight), allocation by sector, the returns from its ' +
      'ledger since the first activity (time-weighted and money-weighted return, realised and unrealised gain, dividends, ' +
      'fees, cash, and SPY over the same time), and the portfolio checks ' +
      '(largest position, top three, sector concentration, number of holdings, volatility, drawdown, beta, cash-like funds, ' +
      'positions at a loss), each a sentence with the measured figure and its limit. Without an id it answers the ' +
      (options.portfolioUnderReview ? 'portfolio under review' : 'most recently updated portfolio') +
      ' and lists the ids of the others.',
    input: getPortfolioInput,
    progress: () => 'Reading your portfolio…',
    async run({ id }, ctx) {
      const deps = readDeps(ctx, caches);
      const rows = await listPortfolios(deps.db, ctx.userId);
      const wanted = id ?? options.portfolioUnderReview;
      if (!wanted && rows.length === 0) {
        return {
          data: { hasPortfolio: false, portfolioCount: 0, message: NO_PORTFOLIO_MESSAGE } satisfies NoPortfolioData,
          source: { provider: 'portfolio', simulated: false, label: 'Your portfolios' },
          asOf: deps.now(),
          subject: 'your portfolios',
        };
      }
      const chosenId = wanted ?? mostRecentlyUpdated(rows).id;
      let report: OwnedPortfolioReport;
      try {
        report = await getPortfolioForOwner(deps, ctx.userId, chosenId);
      } catch (error) {
        if (error instanceof TRPCError && error.code === 'NOT_FOUND')
          throw new ToolFailure(PORTFOLIO_NOT_FOUND_FOR_TOOL);
        // Its ledger no longer replays (an activity stored before today's rules): the sentence names the activity.
        if (error instanceof TRPCError && error.code === 'BAD_REQUEST')
          throw unreadable(`${error.message} Fix that activity on the Activity tab.`);
        throw error;
      }
      const market = marketSource(deps.market);
      const performance = await ledgerPerformance(deps, ctx.userId, report.portfolio.id);
      const data = portfolioToolData(report, {
        selection: id ? 'requested' : options.portfolioUnderReview ? 'under review' : 'most recently updated',
        others: rows.filter((row) => row.id !== report.portfolio.id),
        pricesSource: market.label,
      });
      if (performance) data.performance = performance;
      // A ledger stored before splits were bounded can hold values no number holds: the model would write "NaN%".
      if (!allFinite(data))
        throw unreadable('a quantity or value is beyond what can be computed. Check its activities.');
      return {
        data,
        source: {
          provider: 'portfolio',
          simulated: market.simulated,
          label: `Your portfolios, priced by ${market.label}`,
        },
        asOf: report.portfolio.pricesAsOf ? Date.parse(report.portfolio.pricesAsOf) : deps.now(),
        subject: JSON.stringify(report.portfolio.name),
      };
    },
  });
}

/** The chat's get_portfolio: the portfolio asked for by id, else the most recently updated one. */
