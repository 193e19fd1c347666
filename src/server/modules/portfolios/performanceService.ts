import { dayStartMs, utcDay } from '../../../shared/portfolio/ledger/days';
import { LEDGER_MESSAGES as L } from '../../../shared/portfolio/ledger/schemas';
import type { CostMethod, PerformanceAnswer, PerformanceRange } from '../../../shared/portfolio/ledger/types';
import type { HistoryPoint } from '../../../shared/market/types';
import type { AppDeps } from '../../depsTypes';
import { SymbolNotFoundError } from '../../market/errors';
import { withMarketErrors } from '../stocks/errors';
import { badInput } from './errors';
import { computePerformance, PerformanceMemo } from './ledger/performance';
import type { Closes } from './performanceCache';
import { requireOwnedPortfolio } from './portfolioService';

/**
 * GET /api/portfolios/{id}/performance: the ledger, split-adjusted daily closes of every symbol it names and of the
 * benchmark (the market service's daily history, cached there), through the pure engine (ledger/performance.ts).
 *
 * The computed answer is kept per portfolio, keyed by the ledger's version (portfolios.updated_at, which every
 * ledger write moves forward by at least 1 ms, on any instance, since it is read from the database), the cost
 * method, range, benchmark, today's date and the identity of every price series used. A write, a new day or a
 * refreshed price history therefore misses the cache; repeated reads (the screen, the agent, the review) hit it.
 * A miss is not always a full computation: the engine's PerformanceMemo (one per portfolio, with the closes map kept
 * as the same object while the prices are the same) walks only the last days after an appended activity, and falls
 * back to a full walk whenever anything it rests on changed.
 */

const DAY_MS = 86_400_000;

async function history(deps: Pick<AppDeps, 'market'>, symbol: string, years: number): Promise<readonly HistoryPoint[]> {
  return withMarketErrors(async () => {
    try {
      return await deps.market.dailyHistory(symbol, years);
    } catch (error) {
      if (error instanceof SymbolNotFoundError) throw badInput(L.unknownSymbol(symbol));
      throw error;
    }
  });
}

/** How many years of daily closes cover the ledger (whole years, so the market cache's keys stay few). */
function yearsSince(firstDate: string | undefined, now: number): number {
  if (!firstDate) return 1;
  const days = (now - dayStartMs(firstDate)) / DAY_MS;
  return Math.max(1, Math.ceil(days / 365.25) + 1);
}

export async function getPerformance(
  deps: Pick<AppDeps, 'db' | 'market' | 'now' | 'ledgers' | 'performance'>,
  userId: string,
  portfolioId: string,
  range: PerformanceRange,
  benchmark: string,
): Promise<PerformanceAnswer> {
  const portfolio = await requireOwnedPortfolio(deps, userId, portfolioId);
  const rows = await deps.ledgers.rows(deps.db, portfolio);
  const now = deps.now();
  const today = utcDay(now);
  const years = yearsSince(rows[0]?.date, now);
  const symbols = [...new Set(rows.flatMap((r) => (r.symbol ? [r.symbol] : [])))];
  const [benchmarkBars, ...bars] = await Promise.all(
    [benchmark, ...symbols].map((symbol) => history(deps, symbol, years)),
  );
  const cache = deps.performance;
  const series = bars.map((b) => cache.closesOf(b));
  const bench = cache.closesOf(benchmarkBars);
  const closesKey = [benchmark, bench.serial, ...symbols.map((s, i) => `${s}:${series[i].serial}`)].join('|');
  const answerKey = [portfolio.updatedAt, portfolio.costMethod, range, today, closesKey].join('|');

  let state = cache.state(portfolioId);
  if (state?.answerKey === answerKey && state.answer) return state.answer;
  if (!state || state.closesKey !== closesKey) {
    const closes = new Map([
      ...symbols.map((s, i): [string, Closes] => [s, series[i].closes]),
      [benchmark, bench.closes],
    ]);
    state = { answerKey, answer: null, closesKey, closes, memo: state?.memo ?? new PerformanceMemo() };
  }
  const answer = computePerformance(
    {
      activities: rows.map((row) => cache.activityOf(row)),
      method: portfolio.costMethod as CostMethod,
      range,
      today,
      closes: state.closes,
      benchmark,
    },
    state.memo,
  );
  state.answerKey = answerKey;
  state.answer = answer;
  cache.keep(portfolioId, state);
  return answer;
}
