import { Dec } from '../../../shared/portfolio/decimal';
import { utcDay } from '../../../shared/portfolio/ledger/days';
import { LEDGER_MESSAGES as L } from '../../../shared/portfolio/ledger/schemas';
import type { CostMethod, PerformanceAnswer, PerformanceRange } from '../../../shared/portfolio/ledger/types';
import type { HistoryPoint } from '../../../shared/market/types';
import type { AppDeps } from '../../depsTypes';
import type { PerformanceDeps } from './deps';
import { SymbolNotFoundError } from '../../market/errors';
import { withMarketErrors } from '../stocks/errors';
import { baseProjectionOf } from './baseProjection';
import { badInput } from '../portfolios/errors';
import { cashByCurrency, convertedLedger } from './currencyConversion';
import { foreignCashInBase, cashSymbolOf } from './foreignCash';
import { conversionOf, rateToday, yearsSince } from './ledgerInBase';
import { symbolsOf } from './versionFacts';
import { requireOwnedPortfolio } from '../portfolios/ownership';
import { withFields } from '../../../shared/withFields';

/**
 * GET /api/portfolios/{id}/performance: the ledger, split-adjusted daily closes of every symbol it names and of the
 * benchmark (the market service's daily history, cached there), through the pure engine (arithmetic/performance.ts) on
 * the ledger engine's thread (engine/), so a walk of ten years of a large ledger never holds the event loop.
 *
 * The computed answer is kept per portfolio, keyed by the ledger's version (portfolios.updated_at, which every
 * ledger write moves forward by at least 1 ms, on any instance, since it is read from the database), the cost
 * method, range, benchmark, today's date and the identity of every price series used. A write, a new day or a
 * refreshed price history therefore misses the cache; repeated reads (the screen, the agent, the review) hit it.
 * A miss is not always a full computation: the engine keeps its PerformanceMemo per portfolio (with the closes maps
 * kept as the same objects while the price series are the same) and walks only the last days after an appended
 * activity, falling back to a full walk whenever anything it rests on changed.
 */

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

export async function getPerformance(
  deps: PerformanceDeps,
  userId: string,
  portfolioId: string,
  range: PerformanceRange,
  benchmark: string,
): Promise<PerformanceAnswer> {
  const portfolio = await requireOwnedPortfolio(deps, userId, portfolioId);
  const ledger = await deps.ledgers.current(deps.db, portfolio);
  const now = deps.now();
  const today = utcDay(now);
  const years = yearsSince(ledger.rows[0]?.date, now);
  const symbols = [...new Set([benchmark, ...symbolsOf(ledger)])];
  const bars = await Promise.all(symbols.map((symbol) => history(deps, symbol, years)));
  const base = portfolio.baseCurrency;
  const fx = await conversionOf(deps, base, ledger, symbols, () => years);
  const prices = symbols.map((symbol, i) => {
    const currency = fx?.symbolCurrencies.get(symbol) ?? base;
    if (!fx || currency === base) return deps.performance.seriesOf(symbol, bars[i]);
    const { bars: rateBars, rates } = fx.rates.get(currency)!;
    return deps.performance.convertedSeriesOf(symbol, bars[i], rateBars, (day) => rates.on(day));
  });
  // Foreign cash is a position of its own in the converted ledger, priced by its currency's daily rate.
  for (const [currency, { bars: rateBars }] of fx?.rates ?? [])
    prices.push(deps.performance.seriesOf(cashSymbolOf(currency), rateBars));
  const pricesKey = prices.map((p) => `${p.symbol}:${p.serial}`).join('|');
  const method = portfolio.costMethod as CostMethod;
  const engineLedger = fx ? await convertedLedger(ledger, base, fx.rates, fx.key) : ledger;
  const key = [engineLedger.tag, portfolio.updatedAt, method, range, benchmark, today, pricesKey].join('|');
  const answer = await deps.performance.answer(portfolioId, key, () =>
    deps.ledgerEngine.performance(engineLedger, { method, range, today, benchmark, prices }),
  );
  const perCurrency = await cashByCurrency(ledger.rows, base, fx);
  // The engine's cash is the base's; the foreign cash it holds as positions is cash too, at today's rate.
  const foreign = foreignCashInBase(perCurrency, base, (currency) => rateToday(fx, currency, now));
  const cashBalance = foreign.isZero() ? answer.cashBalance : foreign.plus(answer.cashBalance).toFixed(2);
  if (!perCurrency.some((c) => c.currency !== base))
    return withFields(answer, { currency: base, cashBalance, cashByCurrency: perCurrency });
  // The engine's unrealised gain includes the currency gain on the foreign cash held (a position in the converted
  // ledger); the answer shows it on its own line, so "Unrealised gain" means shares here as on the rest of the page.
  const { cashCurrencyGain } = await baseProjectionOf(deps, portfolio);
  const unrealisedGain = new Dec(answer.unrealisedGain).minus(cashCurrencyGain).toFixed(2);
  return withFields(answer, {
    currency: base,
    cashBalance,
    cashByCurrency: perCurrency,
    unrealisedGain,
    cashCurrencyGain,
  });
}
