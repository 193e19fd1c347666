import { Dec } from '../../../../shared/portfolio/decimal';
import type { HistoryPoint } from '../../../../shared/market/types';
import type { PortfolioAnalysis, PortfolioDetail, RuleResult, ValuedHolding } from '../../../../shared/portfolio/types';
import type { AppDeps } from '../../../depsTypes';
import type { LedgerDeps } from '../../ledger/deps';
import type { SymbolProfile } from '../../../market/provider';
import { requireOwnedPortfolio } from '../ownership';
import { holdingsFingerprint, oncePerPriceMinute } from '../priceMinuteCache';
import { holdingsOf } from '../queries';
import { detailOf } from '../summary';
import { buildAllocation } from './allocation';
import { allocationGroup, isCashLike, isDiversifiedFund } from './classify';
import type { RuleContext, RulePosition } from './context';
import { PORTFOLIO_RULES } from './rules';
import { BENCHMARK_SYMBOL } from './rules/beta';
import { holdingsValueSeries, type Series } from './series';

/** A series needs this many points before volatility or drawdown mean anything. */
const MIN_SERIES_POINTS = 20;

const toSeries = (points: readonly HistoryPoint[]): Series => ({
  times: points.map((p) => p.time),
  values: points.map((p) => p.close),
});

/** Profiles and a year of daily closes for the symbols, one cached call each; a failure is a gap, not an error. */
async function marketFacts(deps: Pick<AppDeps, 'market'>, symbols: readonly string[]) {
  const [profiles, histories, benchmark] = await Promise.all([
    Promise.all(symbols.map((s) => deps.market.profile(s).catch((): SymbolProfile | null => null))),
    Promise.all(symbols.map((s) => deps.market.history(s, '1Y').catch((): HistoryPoint[] | null => null))),
    deps.market.history(BENCHMARK_SYMBOL, '1Y').catch((): HistoryPoint[] | null => null),
  ]);
  return {
    profileOf: new Map(symbols.map((s, i) => [s, profiles[i]])),
    historyOf: new Map(symbols.map((s, i) => [s, histories[i]])),
    benchmark,
  };
}

/** Runs every rule against valued holdings (pure once the market facts are in). */
export function evaluateRules(context: RuleContext): RuleResult[] {
  return PORTFOLIO_RULES.map((rule) => rule.evaluate(context));
}

/**
 * The analysis of valued holdings: allocation by holding and by sector / type, and every rule's verdict, from the
 * priced holdings, their profiles and a year of daily prices (today's quantities at past prices).
 */
export async function analyseHoldings(
  deps: Pick<AppDeps, 'market' | 'now'>,
  holdings: readonly ValuedHolding[],
): Promise<PortfolioAnalysis> {
  const priced = holdings.filter((h): h is ValuedHolding & { totalValue: string } => h.totalValue !== null);
  const symbols = priced.map((h) => h.symbol);
  const { profileOf, historyOf, benchmark } = await marketFacts(deps, symbols);

  const total = priced.reduce((sum, h) => sum.plus(h.totalValue), new Dec(0));
  const positions: RulePosition[] = priced
    .map((h) => {
      const profile = profileOf.get(h.symbol) ?? null;
      return {
        symbol: h.symbol,
        name: h.name,
        value: Number(h.totalValue),
        weight: total.isZero() ? 0 : new Dec(h.totalValue).div(total).times(100).toNumber(),
        gainLossPercent: h.gainLossPercent === null ? null : Number(h.gainLossPercent),
        group: allocationGroup(profile),
        diversifiedFund: isDiversifiedFund(profile),
        cashLike: isCashLike(h.symbol, profile),
      };
    })
    .sort((a, b) => b.weight - a.weight || a.symbol.localeCompare(b.symbol));

  const missingHistory = symbols.filter((s) => !historyOf.get(s)?.length);
  const series = holdingsValueSeries(
    priced
      .filter((h) => historyOf.get(h.symbol)?.length)
      .map((h) => {
        const points = historyOf.get(h.symbol)!;
        return { quantity: Number(h.quantity), times: points.map((p) => p.time), closes: points.map((p) => p.close) };
      }),
  );

  const context: RuleContext = {
    positions,
    holdingsCount: holdings.length,
    valueSeries: series.times.length >= MIN_SERIES_POINTS ? series : null,
    benchmark: benchmark && benchmark.length >= MIN_SERIES_POINTS ? toSeries(benchmark) : null,
  };
  return {
    rules: evaluateRules(context),
    allocation: buildAllocation(priced, (symbol) => allocationGroup(profileOf.get(symbol) ?? null)),
    missingHistory,
    asOf: new Date(deps.now()).toISOString(),
  };
}

/** The analysis of one of the user's portfolios, computed once per price minute while its holdings stay the same. */
export async function getPortfolioAnalysis(
  deps: PortfolioReadDeps & Pick<AppDeps, 'priceMinutes'>,
  userId: string,
  id: string,
): Promise<PortfolioAnalysis> {
  const row = await requireOwnedPortfolio(deps, userId, id);
  const key = `analysis:${row.id}:${holdingsFingerprint(await holdingsOf(deps.db, row.id))}`;
  return oncePerPriceMinute(deps, key, async () => analyseHoldings(deps, (await detailOf(deps, row)).holdings));
}

/** What reading and analysing a portfolio needs: the database, the market and the clock (the agent's tools have these). */
export type PortfolioReadDeps = LedgerDeps;

/** Everything known about one of the user's portfolios: valued holdings, totals, allocation and rule results. */
export type OwnedPortfolioReport = PortfolioDetail & PortfolioAnalysis;

/**
 * The door for the AI review and the agent's get_portfolio tool: the portfolio valued now, with holdings,
 * allocation and every rule's verdict. 404 'Portfolio not found' (TRPCError NOT_FOUND) when it is missing or
 * not the user's.
 */
export async function getPortfolioForOwner(
  deps: PortfolioReadDeps,
  userId: string,
  id: string,
): Promise<OwnedPortfolioReport> {
  const detail = await detailOf(deps, await requireOwnedPortfolio(deps, userId, id));
  const analysis = await analyseHoldings(deps, detail.holdings);
  return { ...detail, ...analysis };
}
