import { Dec } from '../../../../shared/portfolio/decimal';
import type { LedgerBook } from './book';
import { shallowCopy } from './copy';
import { dayText } from './dates';
import { marketValueCents, toWholeCents } from './fastCents';
import { ONE, ZERO } from './money';
import type { ParsedActivity } from './parse';

/** Daily closes per symbol, keyed 'YYYY-MM-DD', split-ADJUSTED as the market service (Yahoo) gives them. */
export type Closes = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** How far back a valuation looks for the last close (a long weekend, a holiday week, a trading halt). */
const LOOK_BACK_DAYS = 31;

/** The last close on or before each day, walking forward: a day without a close carries the last one forward. */
export class CloseTracker {
  private lastClose: number | undefined;
  private lastDay = Number.NEGATIVE_INFINITY;

  constructor(private readonly closes: ReadonlyMap<string, number> | undefined) {}

  /** Days must come in ascending order; the text of `day` is passed in so the daily walk formats it once. */
  closeOn(day: number, text: string): number | undefined {
    if (!this.closes || day === this.lastDay) return this.lastClose;
    if (day === this.lastDay + 1) this.take(this.closes.get(text));
    else {
      // A jump (the first valuation of a range, a symbol first bought): look back a little for the last close.
      for (let back = day; back > day - LOOK_BACK_DAYS && back > this.lastDay; back--)
        if (this.take(this.closes.get(back === day ? text : dayText(back)))) break;
    }
    this.lastDay = day;
    return this.lastClose;
  }

  clone(): CloseTracker {
    return shallowCopy(this);
  }

  private take(close: number | undefined): boolean {
    if (close === undefined || !Number.isFinite(close) || close <= 0) return false;
    this.lastClose = close;
    return true;
  }
}

/**
 * The price of one symbol on each day, as the ledger's quantities see it. Adjusted closes are in today's shares; the
 * ledger holds the shares of the day (a 4:1 split multiplies them on its date), so the price of day d is the
 * adjusted close × the product of the ratios of the ledger's splits after d. Before the symbol's first close it is
 * worth its last trade price. It is one mutable quote per symbol (`version` changes with the price) so the daily
 * walk allocates nothing for a price; the exact decimal is made only when the fast path in fastCents.ts needs it.
 */
export class SymbolPricer {
  version = 0;
  /** The price as the nearest double. */
  approx = 0;
  private tracker: CloseTracker;
  private splitIndex = 0;
  private factor: Dec;
  private factorApprox: number;
  private close: number | undefined;
  private fallback: Dec | undefined;
  private exactPrice: Dec | null = null;

  constructor(
    closes: ReadonlyMap<string, number> | undefined,
    private readonly splits: ReadonlyArray<{ day: number; ratio: Dec }>,
  ) {
    this.tracker = new CloseTracker(closes);
    this.factor = splits.reduce((product, split) => product.times(split.ratio), ONE);
    this.factorApprox = this.factor.toNumber();
  }

  /** Moves to `day` (ascending); `lastTradePrice` is used while the symbol has no close yet. */
  moveTo(day: number, text: string, lastTradePrice: Dec): void {
    let changed = false;
    while (this.splitIndex < this.splits.length && this.splits[this.splitIndex].day <= day) {
      this.factor = this.factor.div(this.splits[this.splitIndex++].ratio);
      this.factorApprox = this.factor.toNumber();
      changed = true;
    }
    const close = this.tracker.closeOn(day, text);
    if (close === undefined) {
      if (this.fallback === lastTradePrice) return;
      this.fallback = lastTradePrice;
      this.approx = lastTradePrice.toNumber();
    } else {
      if (close === this.close && !changed) return;
      this.close = close;
      this.fallback = undefined;
      this.approx = close * this.factorApprox;
    }
    this.exactPrice = null;
    this.version++;
  }

  clone(): SymbolPricer {
    const copy = shallowCopy(this);
    copy.tracker = this.tracker.clone();
    return copy;
  }

  /** A close's exact value is the decimal its shortest text shows ("230.17"), never its binary expansion. */
  exact(): Dec {
    if (this.exactPrice) return this.exactPrice;
    if (this.fallback) return (this.exactPrice = this.fallback);
    const close = new Dec(String(this.close));
    return (this.exactPrice = this.factor.eq(ONE) ? close : close.times(this.factor));
  }
}

/**
 * Values the book at each day's close, in whole cents: cash + each open position at quantity × price rounded
 * half-up to cents. Positions whose quantity and price did not change reuse the previous day's value.
 */
export class PortfolioValuer {
  private pricers = new Map<string, SymbolPricer>();
  private readonly splitsBySymbol = new Map<string, Array<{ day: number; ratio: Dec }>>();
  private last = new Map<string, { quantity: Dec; approx: number; version: number; cents: number }>();
  private cash: { balance: Dec; cents: number } | null = null;

  constructor(
    private readonly closes: Closes,
    activities: readonly ParsedActivity[],
  ) {
    for (const activity of activities) {
      if (activity.kind !== 'split') continue;
      const list = this.splitsBySymbol.get(activity.symbol) ?? [];
      list.push({ day: activity.day, ratio: activity.numerator.div(activity.denominator) });
      this.splitsBySymbol.set(activity.symbol, list);
    }
  }

  /** The market value of the open positions, in cents. */
  marketCents(book: LedgerBook, day: number, text: string): number {
    let total = 0;
    for (const [symbol, holding] of book.holdings) {
      const pricer = this.pricer(symbol);
      pricer.moveTo(day, text, holding.lastTradePrice);
      const { quantity } = holding.position;
      if (quantity.isZero()) continue;
      let last = this.last.get(symbol);
      if (last?.quantity !== quantity) {
        last = { quantity, approx: quantity.toNumber(), version: pricer.version, cents: 0 };
        last.cents = marketValueCents(quantity, last.approx, pricer);
        this.last.set(symbol, last);
      } else if (last.version !== pricer.version) {
        last.version = pricer.version;
        last.cents = marketValueCents(quantity, last.approx, pricer);
      }
      total += last.cents;
    }
    return total;
  }

  clone(): PortfolioValuer {
    const copy = shallowCopy(this);
    copy.pricers = new Map([...this.pricers].map(([symbol, pricer]) => [symbol, pricer.clone()]));
    copy.last = new Map([...this.last].map(([symbol, last]) => [symbol, { ...last }]));
    return copy;
  }

  cashCents(book: LedgerBook): number {
    if (this.cash?.balance !== book.cash.balance)
      this.cash = { balance: book.cash.balance, cents: toWholeCents(book.cash.balance) };
    return this.cash.cents;
  }

  private pricer(symbol: string): SymbolPricer {
    let pricer = this.pricers.get(symbol);
    if (!pricer) {
      pricer = new SymbolPricer(this.closes.get(symbol), this.splitsBySymbol.get(symbol) ?? []);
      this.pricers.set(symbol, pricer);
    }
    return pricer;
  }
}

/** The cost basis of the open positions (whole cents, as booked). */
export function openCostBasis(book: LedgerBook): Dec {
  let total = ZERO;
  for (const { position } of book.holdings.values()) total = total.plus(position.cost);
  return total;
}
