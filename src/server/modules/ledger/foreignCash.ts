import { Dec } from '../../../shared/portfolio/decimal';
import { netCash } from './cashFlows';
import type { LedgerProjection } from './engine/protocol';
import type { ActivityRow } from './ledgerQueries';
import { LoopSlices } from './nextTurn';

/**
 * Issue 27 §3, decision 023: foreign cash is revalued at each day's rate without a multi-currency engine. In the
 * ledger handed to the engine, cash of a currency other than the base is a position named after its currency
 * (`¤EUR`), priced by that currency's daily rate in the base (the closes the conversion already uses):
 *
 * - money coming in in that currency (a deposit, a dividend, a sale's proceeds) is booked in the base as before,
 *   then buys that much of the position with it: the cash stays worth its day's value and moves with the rate;
 * - money going out in that currency (a withdrawal, a fee, a buy's cost) first sells what the position holds of it,
 *   at that day's rate; what it cannot cover is taken from the base's cash, as before (decision 023's amended rule),
 *   then from other currencies' cash.
 *
 * Each synthetic trade brings or takes exactly what the converted row books in the base (its price is the day's
 * rate, or the 8-decimal price nearest it that makes the amounts equal to the cent), so no cent is ever funded from
 * outside by it and a trade day shows no gain or loss of its own. The answers leave these positions out of the
 * holdings and count them as cash (`countedAsCash`).
 */

const MARK = '¤';

/** The synthetic position holding a foreign currency's cash. No ticker starts with the currency sign. */
export const cashSymbolOf = (currency: string): string => `${MARK}${currency}`;
export const isCashSymbol = (symbol: string): boolean => symbol.startsWith(MARK);
const currencyOfCashSymbol = (symbol: string): string => symbol.slice(MARK.length);

const toCents = (value: Dec) => value.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
const PRICE_STEP = new Dec('0.00000001');
/** Rows converted between two looks at the clock (the conversion lets others in after 4 ms on the loop). */
const ROWS_PER_CHECK = 250;

/** What the converted row does to the base's cash, as the engine books it (book.ts): + in, − out. */
function netInBase(row: ActivityRow): Dec {
  const trade = new Dec(row.quantity ?? 0).times(row.price ?? 0);
  const fee = new Dec(row.fee ?? 0);
  const amount = toCents(new Dec(row.amount ?? 0));
  switch (row.type) {
    case 'buy':
      return toCents(trade.plus(fee)).neg();
    case 'sell':
      return toCents(trade.minus(fee));
    case 'deposit':
    case 'dividend':
      return amount;
    case 'fee':
    case 'withdrawal':
      return amount.neg();
    default:
      return new Dec(0);
  }
}

/** The price of `quantity` units that comes to `target` in cents: the day's rate when it does, else the nearest one. */
function priceFor(quantity: Dec, target: Dec, rate: Dec): Dec {
  if (toCents(quantity.times(rate)).eq(target) || !target.isPositive() || target.isZero()) return rate;
  const guess = target.div(quantity).toDecimalPlaces(8, Dec.ROUND_HALF_UP);
  for (const step of [0, 1, -1, 2, -2, 3, -3]) {
    const price = guess.plus(PRICE_STEP.times(step));
    if (price.isPositive() && !price.isZero() && toCents(quantity.times(price)).eq(target)) return price;
  }
  return guess.isPositive() && !guess.isZero() ? guess : rate;
}

function cashTrade(
  row: ActivityRow,
  type: 'buy' | 'sell',
  currency: string,
  base: string,
  quantity: Dec,
  price: Dec,
): ActivityRow {
  return {
    ...row,
    id: `${row.id}${MARK}${currency}`,
    type,
    symbol: cashSymbolOf(currency),
    quantity: quantity.toFixed(),
    price: price.toFixed(),
    fee: '0',
    amount: null,
    ratio: null,
    note: null,
    currency: base,
    fxRate: null,
  };
}

/** Cash per currency, each in its own units (the base's as the engine holds it); only currencies with a balance. */
export type CashByCurrency = Array<{ currency: string; amount: string }>;

/**
 * The converted ledger with each foreign cash movement also booked on its currency's position, and the cash per
 * currency it leaves. `rows` as recorded, `convert` one row into the base, `rateOf` the rate of 1 unit of a
 * currency in the base on a date.
 *
 * Money going out is paid from its own currency's cash first, then from the base's, then from the other currencies'
 * cash (sold at that day's rate, in the order they came in); only what all the cash cannot pay is funded from
 * outside (an inflow, as the engine books any shortfall). So a dollar withdrawal from a USD portfolio holding only
 * euros sells euros for it, as the pooled cash paid it before foreign cash was revalued.
 */
export async function withForeignCash(
  rows: readonly ActivityRow[],
  convert: (row: ActivityRow) => ActivityRow,
  base: string,
  rateOf: (currency: string, date: string) => Dec,
): Promise<{ rows: ActivityRow[]; cash: CashByCurrency }> {
  // The cash of every currency seen, in the order seen: the base's as the engine's cash account, the others' as
  // their positions.
  const cash = new Map<string, Dec>();
  const balanceOf = (currency: string) => cash.get(currency) ?? new Dec(0);
  const out: ActivityRow[] = [];
  const sell = (row: ActivityRow, currency: string, units: Dec, proceeds: Dec) => {
    const price = priceFor(units, proceeds, rateOf(currency, row.date));
    out.push(cashTrade(row, 'sell', currency, base, units, price));
    cash.set(currency, balanceOf(currency).minus(units));
    cash.set(base, balanceOf(base).plus(toCents(units.times(price))));
  };
  // Decimals for every row (and two or three for a foreign one): tens of milliseconds for 15,000 rows, so the loop is
  // let go between slices as the cash walk does.
  const slices = new LoopSlices(ROWS_PER_CHECK);
  for (const [i, row] of rows.entries()) {
    if (slices.due(i)) await slices.pause();
    const currency = row.currency ?? 'USD';
    const inBase = convert(row);
    const booked = netInBase(inBase);
    if (!cash.has(currency)) cash.set(currency, new Dec(0));
    const net = currency === base ? booked : netCash(row);
    if (currency !== base && net.isPositive() && !net.isZero()) {
      const price = priceFor(net, booked, rateOf(currency, row.date));
      out.push(inBase, cashTrade(row, 'buy', currency, base, net, price));
      cash.set(currency, balanceOf(currency).plus(net));
      // Nothing left in the base unless no 8-decimal price made the amounts equal (then a cent either way).
      const left = balanceOf(base)
        .plus(booked)
        .minus(toCents(net.times(price)));
      cash.set(base, left.isNegative() ? new Dec(0) : left);
      continue;
    }
    if (currency !== base && net.isNegative()) {
      // The part of the outflow its own cash pays brings that share of what the row costs in the base.
      const spent = Dec.min(net.neg(), balanceOf(currency));
      if (spent.isPositive() && !spent.isZero())
        sell(
          row,
          currency,
          spent,
          spent.eq(net.neg()) ? booked.neg() : toCents(booked.neg().times(spent).div(net.neg())),
        );
    }
    // What the base's cash cannot pay is paid by selling the other currencies' cash, enough units to cover it.
    for (const [other, units] of cash) {
      const need = booked.neg().minus(balanceOf(base));
      if (!need.isPositive() || need.isZero()) break;
      if (other === base || other === currency || !units.isPositive() || units.isZero()) continue;
      const rate = rateOf(other, row.date);
      const sold = Dec.min(units, need.div(rate).toDecimalPlaces(2, Dec.ROUND_UP));
      sell(row, other, sold, toCents(sold.times(rate)));
    }
    out.push(inBase);
    const left = balanceOf(base).plus(booked);
    cash.set(base, left.isNegative() ? new Dec(0) : left);
  }
  const perCurrency = [...cash]
    .filter(([, amount]) => !amount.isZero())
    .map(([currency, amount]) => ({ currency, amount: amount.toFixed(2, Dec.ROUND_HALF_UP) }));
  return { rows: out, cash: perCurrency };
}

/**
 * The replay of the converted ledger as the answers show it: the foreign cash positions left out of the holdings,
 * the lots and the open positions, and counted as cash at today's rate (`rateToday`, of 1 unit in the base).
 */
export function countedAsCash(replay: LedgerProjection, rateToday: (currency: string) => number): LedgerProjection {
  if (!replay.holdings.some((h) => isCashSymbol(h.symbol))) return replay;
  let cash = new Dec(replay.cash);
  for (const { symbol, quantity } of replay.open)
    if (isCashSymbol(symbol))
      cash = cash.plus(toCents(new Dec(quantity).times(String(rateToday(currencyOfCashSymbol(symbol))))));
  return {
    holdings: replay.holdings.filter((h) => !isCashSymbol(h.symbol)),
    open: replay.open.filter((o) => !isCashSymbol(o.symbol)),
    cash: cash.toFixed(2),
  };
}

/**
 * The currency gain on the foreign cash still held: what it is worth today in the base less what it cost there (the
 * engine's cost basis of its position), from the replay of the converted ledger before countedAsCash. It is part of
 * the engine's unrealised gain, which the answers show for shares only (issue 27 §4: one figure, one meaning).
 */
export function currencyGainOnCash(replay: LedgerProjection, rateToday: (currency: string) => number): Dec {
  let gain = new Dec(0);
  for (const held of replay.holdings) {
    if (!isCashSymbol(held.symbol) || new Dec(held.quantity).isZero()) continue;
    const value = toCents(new Dec(held.quantity).times(String(rateToday(currencyOfCashSymbol(held.symbol)))));
    gain = gain.plus(value.minus(held.costBasis));
  }
  return gain;
}

/** The base value today of the foreign cash listed per currency (each in its own units), to the cent each. */
export function foreignCashInBase(
  cashByCurrency: CashByCurrency,
  base: string,
  rateToday: (currency: string) => number,
): Dec {
  return cashByCurrency
    .filter((c) => c.currency !== base)
    .reduce((sum, c) => sum.plus(toCents(new Dec(c.amount).times(String(rateToday(c.currency))))), new Dec(0));
}
