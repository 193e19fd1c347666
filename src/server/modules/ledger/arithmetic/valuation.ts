import type { Dec } from '../../../../shared/portfolio/decimal';
import type { LedgerBook } from './book';
import type { Closes } from './closes';
import { shallowCopy } from './copy';
import { marketValueCents, toWholeCents } from './fastCents';
import { ZERO } from './money';
import type { ParsedActivity } from './parse';
import { SymbolPricer } from './pricer';

export type { Closes } from './closes';

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

  /** What `quantity` shares of a held symbol are worth at the day's close, in cents (a transfer in's flow). */
  sharesCents(book: LedgerBook, symbol: string, quantity: Dec, day: number, text: string): number {
    const pricer = this.pricer(symbol);
    pricer.moveTo(day, text, book.holdings.get(symbol)!.lastTradePrice);
    return marketValueCents(quantity, quantity.toNumber(), pricer);
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
