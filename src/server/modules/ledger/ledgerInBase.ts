import { currencyOfSymbol, isPortfolioCurrency } from '../../../shared/market/currency';
import type { HistoryPoint } from '../../../shared/market/types';
import { dayStartMs, utcDay } from '../../../shared/portfolio/ledger/days';
import { LEDGER_MESSAGES as L, MIN_ACTIVITY_DATE } from '../../../shared/portfolio/ledger/schemas';
import type { AppDeps } from '../../depsTypes';
import { withMarketErrors } from '../stocks/errors';
import { listingCurrencies } from './activityCurrency';
import { convertedLedger, DailyRates, type RatesByCurrency } from './currencyConversion';
import { currenciesOf, rowsAllIn, symbolsOf } from './versionFacts';
import { badInput } from '../portfolios/errors';
import type { LedgerVersion } from './ledgerCache';
import type { PortfolioRow } from '../portfolios/queries';

/**
 * The ledger as the engine must see it to answer in the portfolio's base currency (issue 27 §3, decision 023): the
 * performance, the holdings' costs, the realised gains and the cash all come from the same converted rows, so one
 * total value holds (§4) whichever screen shows it.
 */

const DAY_MS = 86_400_000;

/** What converting a ledger into the base needs: listing currencies, the rates of every other currency, their key. */
export interface Conversion {
  symbolCurrencies: Map<string, string>;
  rates: RatesByCurrency;
  key: string;
}

/**
 * How many years of daily closes cover the ledger (whole years, so the market cache's keys stay few), never reaching
 * before MIN_ACTIVITY_DATE: a ledger stored with an older date is refused by the engine, not priced for centuries.
 */
export function yearsSince(firstDate: string | undefined, now: number): number {
  if (!firstDate) return 1;
  const days = (now - dayStartMs(firstDate < MIN_ACTIVITY_DATE ? MIN_ACTIVITY_DATE : firstDate)) / DAY_MS;
  return Math.max(1, Math.ceil(days / 365.25) + 1);
}

/**
 * What converting this ledger into the base currency needs: each symbol's listing currency and the daily rates of
 * every currency other than the base; null when everything is already in the base (the usual case, which costs no
 * call: a symbol's suffix names its currency, and only a foreign one asks its quote).
 */
export async function conversionOf(
  deps: Pick<AppDeps, 'market'>,
  base: string,
  ledger: LedgerVersion,
  symbols: readonly string[],
  yearsOf: () => number,
): Promise<Conversion | null> {
  // Asked on every portfolio read: the rows' currencies are known per ledger version (versionFacts.ts).
  if (rowsAllIn(ledger, base) && symbols.every((symbol) => currencyOfSymbol(symbol) === base)) return null;
  const years = yearsOf();
  const symbolCurrencies = await listingCurrencies(deps, symbols);
  const currencies = new Set([...symbolCurrencies.values(), ...currenciesOf(ledger)]);
  currencies.delete(base);
  const rates = new Map<string, { bars: readonly HistoryPoint[]; rates: DailyRates }>();
  for (const currency of currencies) {
    if (!isPortfolioCurrency(currency)) throw badInput(L.currencyNotConvertible(currency, currency));
    const bars = await withMarketErrors(() => deps.market.fxHistory(currency, base, years));
    rates.set(currency, { bars, rates: new DailyRates(bars) });
  }
  const key = [base, ...[...rates].map(([currency, { bars }]) => `${currency}:${identity(bars)}`)].join(',');
  return { symbolCurrencies, rates, key };
}

const identities = new WeakMap<object, number>();
let identitySerial = 0;
/** A number naming one rates array while it lives (a refreshed history is a new array, so a new key). */
function identity(bars: object): number {
  let known = identities.get(bars);
  if (known === undefined) identities.set(bars, (known = ++identitySerial));
  return known;
}

/**
 * The portfolio's current ledger in its base currency, and the conversion used (null when none was needed: then the
 * ledger is the one recorded). Same rates, so the same converted version, as the performance answer's.
 */
export async function ledgerInBase(
  deps: Pick<AppDeps, 'db' | 'market' | 'now' | 'ledgers'>,
  row: PortfolioRow,
): Promise<{ ledger: LedgerVersion; fx: Conversion | null }> {
  const recorded = await deps.ledgers.current(deps.db, row);
  const yearsOf = () => yearsSince(recorded.rows[0]?.date, deps.now());
  const fx = await conversionOf(deps, row.baseCurrency, recorded, symbolsOf(recorded), yearsOf);
  return { ledger: fx ? await convertedLedger(recorded, row.baseCurrency, fx.rates, fx.key) : recorded, fx };
}

/** The rate of 1 unit of `currency` in the base today (the last close on or before today): 1 for the base. */
export function rateToday(fx: Conversion | null, currency: string, now: number): number {
  const known = fx?.rates.get(currency);
  if (!known) return 1;
  return known.rates.on(Math.floor(dayStartMs(utcDay(now)) / DAY_MS));
}
