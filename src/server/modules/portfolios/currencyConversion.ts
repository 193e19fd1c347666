import { Dec } from '../../../shared/portfolio/decimal';
import type { HistoryPoint } from '../../../shared/market/types';
import { dayStartMs } from '../../../shared/portfolio/ledger/days';
import type { LedgerVersion } from './ledgerCache';
import type { ActivityRow } from './ledgerQueries';
import { nextTurn } from './nextTurn';

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

/** True when the ledger's activities or its symbols' prices are not all in the base currency. */
export function needsConversion(
  baseCurrency: string,
  rows: readonly ActivityRow[],
  symbolCurrencies: ReadonlyMap<string, string>,
): boolean {
  return (
    rows.some((row) => (row.currency ?? 'USD') !== baseCurrency) ||
    [...symbolCurrencies.values()].some((currency) => currency !== baseCurrency)
  );
}

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
 * The converted versions of each ledger, by key. A few keys: the performance answer converts the benchmark's
 * currency too and the holdings view does not, so both keep theirs instead of replacing each other.
 */
const converted = new WeakMap<LedgerVersion, Map<string, LedgerVersion>>();
const KEYS_PER_LEDGER = 4;

/**
 * The ledger version converted into the base under `key` (the base and the rates' identities), once per version and
 * key: its own tag, so the engine keeps it (and its performance memo) apart from the ledger as recorded.
 */
export function convertedLedger(
  ledger: LedgerVersion,
  baseCurrency: string,
  rates: RatesByCurrency,
  key: string,
): LedgerVersion {
  let byKey = converted.get(ledger);
  if (!byKey) converted.set(ledger, (byKey = new Map<string, LedgerVersion>()));
  const known = byKey.get(key);
  if (known) return known;
  const version: LedgerVersion = {
    portfolioId: ledger.portfolioId,
    version: ledger.version,
    tag: `${ledger.tag}~${key}`,
    rows: ledger.rows.map((row) => convertRow(row, baseCurrency, rates)),
    shipped: false,
    projections: new Map(),
  };
  if (byKey.size >= KEYS_PER_LEDGER) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, version);
  return version;
}

/**
 * Cash per currency at the end of the ledger, each in its own currency: deposits, sells, dividends in; buys, fees,
 * withdrawals out. A buy or fee that finds too little cash of its currency draws the rest from the base currency's
 * cash, converted at its day's rate, as the engine (which pools the cash in the base) books it; what the base cash
 * cannot cover either is funded from outside. Without rates (a ledger all in one currency) each pool stands alone.
 * Only currencies with a balance.
 */
export function cashByCurrency(
  rows: readonly ActivityRow[],
  baseCurrency?: string,
  conversion?: { rates: RatesByCurrency; key: string } | null,
): Promise<CashByCurrency> {
  // A walk of the whole ledger in decimals: 30-40 ms for 15,200 rows, for every performance read and page load. A
  // ledger version's rows are one array for as long as it is current (ledgerCache), and the conversion's key names
  // its rates, so the answer is kept beside the array (dropped with it) and made in slices with the loop free between.
  const key = `${baseCurrency ?? ''}|${conversion?.key ?? ''}`;
  const known = cashMemo.get(rows);
  if (known?.key === key) return known.cash;
  const cash = walkCash(rows, baseCurrency, conversion?.rates);
  cashMemo.set(rows, { key, cash });
  return cash;
}

type CashByCurrency = Array<{ currency: string; amount: string }>;
const cashMemo = new WeakMap<readonly ActivityRow[], { key: string; cash: Promise<CashByCurrency> }>();
/** Rows walked between two looks at the clock, and the longest the walk holds the loop before it lets others in. */
const ROWS_PER_CHECK = 500;
const SLICE_MS = 4;

async function walkCash(
  rows: readonly ActivityRow[],
  baseCurrency?: string,
  rates?: RatesByCurrency,
): Promise<CashByCurrency> {
  const cash = new Map<string, Dec>();
  const balanceOf = (currency: string) => cash.get(currency) ?? new Dec(0);
  let sliceStart = performance.now();
  for (const [i, row] of rows.entries()) {
    if (i % ROWS_PER_CHECK === 0 && performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
    const currency = row.currency ?? 'USD';
    const out = cashOut(row);
    const next = balanceOf(currency).plus(cashIn(row)).minus(out);
    cash.set(currency, next.isNegative() ? new Dec(0) : next);
    if (!next.isNegative() || !baseCurrency || !rates || currency === baseCurrency || !rates.has(currency)) continue;
    // The part of the outflow its currency could not pay, in the base as the engine booked the whole row.
    const inBase = cashOut(convertRow(row, baseCurrency, rates));
    const short = inBase.times(next.negated()).div(out).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    const base = balanceOf(baseCurrency).minus(short);
    cash.set(baseCurrency, base.isNegative() ? new Dec(0) : base);
  }
  return [...cash]
    .filter(([, amount]) => !amount.isZero())
    .map(([currency, amount]) => ({ currency, amount: amount.toFixed(2, Dec.ROUND_HALF_UP) }));
}

const trade = (row: ActivityRow) => new Dec(row.quantity ?? 0).times(row.price ?? 0);

/** The cash a row brings in, in its currency. */
function cashIn(row: ActivityRow): Dec {
  if (row.type === 'deposit' || row.type === 'dividend') return new Dec(row.amount ?? 0);
  if (row.type === 'sell') return trade(row).minus(row.fee ?? 0);
  return new Dec(0);
}

/** The cash a row takes out, in its currency (a buy's trade to the cent, as the ledger books it, plus its fee). */
function cashOut(row: ActivityRow): Dec {
  if (row.type === 'withdrawal' || row.type === 'fee') return new Dec(row.amount ?? 0);
  if (row.type === 'buy')
    return trade(row)
      .toDecimalPlaces(2, Dec.ROUND_HALF_UP)
      .plus(row.fee ?? 0);
  return new Dec(0);
}
