import { Dec } from '../../../shared/portfolio/decimal';
import type { HistoryPoint } from '../../../shared/market/types';
import { dayStartMs } from '../../../shared/portfolio/ledger/days';
import type { LedgerVersion } from './ledgerCache';
import type { ActivityRow } from './ledgerQueries';
import { netCash } from './cashFlows';
import { withForeignCash, type CashByCurrency } from './foreignCash';
import { LoopSlices } from './nextTurn';

/**
 * Issue 27 §3 (decision 023): a ledger whose activities are in several currencies, or in another than the
 * portfolio's base, is handed to the ledger engine converted into the base, each activity at the rate of its own
 * day (the day's FX close, or the last before it), never today's. Prices are converted the same way, each close at
 * its day's rate (PerformanceCache.convertedSeriesOf), so values, returns, the benchmark and the money-weighted
 * flows are all in the base currency. The engine itself stays single-currency.
 */

const DAY_MS = 86_400_000;

/** Daily rates of 1 unit of a currency in the base: a day's close, or the last one before it. */
export class DailyRates {
  private readonly days: Int32Array;
  private readonly closes: Float64Array;

  constructor(bars: readonly HistoryPoint[]) {
    const finite = bars.filter((bar) => Number.isFinite(bar.close) && bar.close > 0);
    this.days = Int32Array.from(finite, (bar) => Math.floor(bar.time / DAY_MS));
    this.closes = Float64Array.from(finite, (bar) => bar.close);
  }

  /** The rate on `day` (days since 1970-01-01); before the first close, the first close. NaN with no rates at all. */
  on(day: number): number {
    const { days, closes } = this;
    if (days.length === 0) return NaN;
    if (day <= days[0]) return closes[0];
    let [lo, hi] = [0, days.length - 1];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (days[mid] <= day) lo = mid;
      else hi = mid - 1;
    }
    return closes[lo];
  }
}

/** The rates of each currency into the base, by currency; the base itself is not in it. */
export type RatesByCurrency = ReadonlyMap<string, { bars: readonly HistoryPoint[]; rates: DailyRates }>;

/** The rate of 1 unit of `currency` in the base on `date`, as an exact decimal of its shortest text. */
function rateOf(rates: RatesByCurrency, currency: string, date: string): Dec {
  const rate = rates.get(currency)!.rates.on(Math.floor(dayStartMs(date) / DAY_MS));
  return new Dec(String(rate));
}

/**
 * One row in the base currency: price to 8 decimals, fee and amount to the cent (the ledger's own precisions), at
 * the rate of the row's day. A row already in the base is the same object.
 */
export function convertRow(row: ActivityRow, baseCurrency: string, rates: RatesByCurrency): ActivityRow {
  const currency = row.currency ?? 'USD';
  if (currency === baseCurrency) return row;
  const rate = rateOf(rates, currency, row.date);
  const times = (value: string | null, places: number) =>
    value === null ? null : new Dec(value).times(rate).toDecimalPlaces(places, Dec.ROUND_HALF_UP).toFixed();
  return {
    ...row,
    price: times(row.price, 8),
    fee: times(row.fee, 2),
    amount: times(row.amount, 2),
    currency: baseCurrency,
  };
}

/**
 * The converted versions of each ledger, by key (a promise: two reads at once convert it once). A few keys: the
 * performance answer converts the benchmark's currency too and the holdings view does not, so both keep theirs
 * instead of replacing each other.
 */
const converted = new WeakMap<LedgerVersion, Map<string, Promise<LedgerVersion>>>();
const KEYS_PER_LEDGER = 4;

/**
 * The ledger version converted into the base under `key` (the base and the rates' identities), once per version and
 * key: its own tag, so the engine keeps it (and its performance memo) apart from the ledger as recorded. Foreign cash
 * is a position of its own in it, revalued at each day's rate (foreignCash.ts). Made in slices with the loop free
 * between.
 */
export function convertedLedger(
  ledger: LedgerVersion,
  baseCurrency: string,
  rates: RatesByCurrency,
  key: string,
): Promise<LedgerVersion> {
  let byKey = converted.get(ledger);
  if (!byKey) converted.set(ledger, (byKey = new Map<string, Promise<LedgerVersion>>()));
  const known = byKey.get(key);
  if (known) return known;
  const made = inBaseWithCash(ledger.rows, baseCurrency, rates);
  const version = made.then(({ rows }): LedgerVersion => ({
    portfolioId: ledger.portfolioId,
    version: ledger.version,
    tag: `${ledger.tag}~${key}`,
    rows,
    shipped: false,
    projections: new Map(),
  }));
  if (byKey.size >= KEYS_PER_LEDGER) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, version);
  rememberCash(
    ledger.rows,
    `${baseCurrency}|${key}`,
    made.then(({ cash }) => cash),
  );
  return version;
}

/** The rows in the base with their foreign cash as positions, and the cash per currency they leave. */
const inBaseWithCash = (rows: readonly ActivityRow[], baseCurrency: string, rates: RatesByCurrency) =>
  withForeignCash(
    rows,
    (row) => convertRow(row, baseCurrency, rates),
    baseCurrency,
    (currency, date) => rateOf(rates, currency, date),
  );

/**
 * Cash per currency at the end of the ledger, each in its own currency: deposits, sells, dividends in; buys, fees,
 * withdrawals out. With the base's rates it is the cash the converted ledger leaves (foreignCash.ts: an outflow that
 * finds too little of its currency takes the rest from the base's cash, then from the other currencies', at its
 * day's rate), so each foreign amount is the position the engine revalues; without rates (a ledger all in one
 * currency) each pool stands alone. Only currencies with a balance.
 */
export function cashByCurrency(
  rows: readonly ActivityRow[],
  baseCurrency?: string,
  conversion?: { rates: RatesByCurrency; key: string } | null,
): Promise<CashByCurrency> {
  // A walk of the whole ledger in decimals: 30-40 ms for 15,200 rows, for every performance read and page load. A
  // ledger version's rows are one array for as long as it is current (ledgerCache), and the conversion's key names
  // its rates, so the answer is kept beside the array (dropped with it). The conversion leaves it as it converts the
  // ledger (convertedLedger, which every caller has just made), so a read walks nothing again; either walk is made
  // in slices with the loop free between.
  const key = `${baseCurrency ?? ''}|${conversion?.key ?? ''}`;
  const known = cashMemo.get(rows)?.get(key);
  if (known) return known;
  const cash =
    baseCurrency && conversion
      ? inBaseWithCash(rows, baseCurrency, conversion.rates).then(({ cash }) => cash)
      : walkCash(rows);
  rememberCash(rows, key, cash);
  return cash;
}

/** A few keys per rows array, as for the converted versions: the performance's and the holdings view's conversions. */
function rememberCash(rows: readonly ActivityRow[], key: string, cash: Promise<CashByCurrency>): void {
  let byKey = cashMemo.get(rows);
  if (!byKey) cashMemo.set(rows, (byKey = new Map<string, Promise<CashByCurrency>>()));
  if (!byKey.has(key) && byKey.size >= KEYS_PER_LEDGER) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, cash);
}

const cashMemo = new WeakMap<readonly ActivityRow[], Map<string, Promise<CashByCurrency>>>();
/** Rows walked between two looks at the clock (the walk lets others in after 4 ms on the loop). */
const ROWS_PER_CHECK = 500;

/** Each currency's cash alone (a buy that finds too little of its currency is funded from outside). */
async function walkCash(rows: readonly ActivityRow[]): Promise<CashByCurrency> {
  const cash = new Map<string, Dec>();
  const slices = new LoopSlices(ROWS_PER_CHECK);
  for (const [i, row] of rows.entries()) {
    if (slices.due(i)) await slices.pause();
    const currency = row.currency ?? 'USD';
    const next = (cash.get(currency) ?? new Dec(0)).plus(netCash(row));
    cash.set(currency, next.isNegative() ? new Dec(0) : next);
  }
  return [...cash]
    .filter(([, amount]) => !amount.isZero())
    .map(([currency, amount]) => ({ currency, amount: amount.toFixed(2, Dec.ROUND_HALF_UP) }));
}
