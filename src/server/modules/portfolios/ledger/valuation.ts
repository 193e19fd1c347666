import { Dec } from '../../../../shared/portfolio/decimal';
import type { LedgerBook } from './book';
import { dayText } from './dates';
import { ONE, toCents, ZERO } from './money';
import type { ParsedActivity } from './parse';

/** Daily closes per symbol, keyed 'YYYY-MM-DD', split-ADJUSTED as the market service (Yahoo) gives them. */
export type Closes = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** How far back a valuation looks for the last close (a long weekend, a holiday week, a trading halt). */
const LOOK_BACK_DAYS = 31;

/**
 * The price of one symbol on each day, as the ledger's quantities see it. Adjusted closes are in today's shares; the
 * ledger holds the shares of the day (a 4:1 split multiplies them on its date), so the price of day d is the
 * adjusted close × the product of the ratios of the ledger's splits after d. A day without a close carries the last
 * close forward; before the symbol's first close it is worth its last trade price.
 */
export class SymbolPricer {
  private lastClose: number | undefined;
  private lastDay = Number.NEGATIVE_INFINITY;
  private splitIndex = 0;
  private factor: Dec;
  private cached: { close: number; factor: Dec; price: Dec } | null = null;

  constructor(
    private readonly closes: ReadonlyMap<string, number> | undefined,
    private readonly splits: ReadonlyArray<{ day: number; ratio: Dec }>,
  ) {
    this.factor = splits.reduce((product, split) => product.times(split.ratio), ONE);
  }

  /** Days must come in ascending order; the text of `day` is passed in so the daily walk formats it once. */
  priceOn(day: number, text: string, fallback: Dec): Dec {
    while (this.splitIndex < this.splits.length && this.splits[this.splitIndex].day <= day)
      this.factor = this.factor.div(this.splits[this.splitIndex++].ratio);
    if (this.closes) this.advance(day, text);
    this.lastDay = day;
    if (this.lastClose === undefined) return fallback;
    if (this.cached?.close !== this.lastClose || this.cached.factor !== this.factor)
      this.cached = { close: this.lastClose, factor: this.factor, price: new Dec(this.lastClose).times(this.factor) };
    return this.cached.price;
  }

  private advance(day: number, text: string): void {
    const closes = this.closes!;
    if (day === this.lastDay + 1) {
      const close = closes.get(text);
      if (close !== undefined && Number.isFinite(close) && close > 0) this.lastClose = close;
      return;
    }
    // A jump (the first valuation of a range): the last close on or before `day`, looking back a little.
    for (let back = day; back > day - LOOK_BACK_DAYS && back > this.lastDay; back--) {
      const close = closes.get(back === day ? text : dayText(back));
      if (close !== undefined && Number.isFinite(close) && close > 0) {
        this.lastClose = close;
        return;
      }
    }
  }
}

export interface Valuation {
  /** Cash + every position at its market value, each position rounded to cents. */
  value: Dec;
  /** Market value − cost basis of the open positions. */
  unrealisedGain: Dec;
}

/** Values the book at a day's close. Positions whose quantity and price did not change reuse yesterday's value. */
export class PortfolioValuer {
  private readonly pricers = new Map<string, SymbolPricer>();
  private readonly lastValues = new Map<string, { quantity: Dec; price: Dec; value: Dec }>();
  private readonly splitsBySymbol = new Map<string, Array<{ day: number; ratio: Dec }>>();

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

  valueOn(book: LedgerBook, day: number, text: string): Valuation {
    let marketValue = ZERO;
    let costBasis = ZERO;
    for (const [symbol, holding] of book.holdings) {
      const { position } = holding;
      const price = this.pricer(symbol).priceOn(day, text, holding.lastTradePrice);
      if (position.quantity.isZero()) continue;
      const last = this.lastValues.get(symbol);
      let value: Dec;
      if (last && last.quantity === position.quantity && last.price === price) value = last.value;
      else {
        value = toCents(position.quantity.times(price));
        this.lastValues.set(symbol, { quantity: position.quantity, price, value });
      }
      marketValue = marketValue.plus(value);
      costBasis = costBasis.plus(position.cost);
    }
    return { value: book.cash.balance.plus(marketValue), unrealisedGain: marketValue.minus(costBasis) };
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
