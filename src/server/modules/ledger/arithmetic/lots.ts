import type { Dec } from '../../../../shared/portfolio/decimal';
import type { CostMethod } from '../../../../shared/portfolio/ledger/types';
import { shallowCopy } from './copy';
import { toCents, ZERO } from './money';

/**
 * The cost basis of one symbol. Costs are whole cents (a buy's cost is booked in cents); a sell takes out the share
 * of the cost it sold, rounded to cents, and the rest stays, so basis taken out plus basis left always equals basis
 * put in: selling everything takes out exactly what was paid, with no rounding drift.
 *
 * FIFO keeps the open lots oldest first and sells from the oldest; average cost keeps one pool (quantity, cost), so
 * every share carries the same average. Splits multiply quantities and leave costs alone.
 */
export interface OpenLot {
  day: number;
  quantity: Dec;
  cost: Dec;
}

export class Position {
  quantity: Dec = ZERO;
  cost: Dec = ZERO;
  /** FIFO only: open lots from `head` on (a sold-out lot is skipped, not spliced, so selling is O(lots sold)). */
  private lots: OpenLot[] = [];
  private head = 0;

  constructor(readonly method: CostMethod) {}

  buy(day: number, quantity: Dec, cost: Dec): void {
    this.quantity = this.quantity.plus(quantity);
    this.cost = this.cost.plus(cost);
    if (this.method === 'fifo') this.lots.push({ day, quantity, cost });
  }

  /** Takes `quantity` out (the caller checked it is held) and answers the cost basis removed, in cents. */
  sell(quantity: Dec): Dec {
    const removed = this.method === 'fifo' ? this.sellLots(quantity) : this.share(this.cost, quantity, this.quantity);
    this.quantity = this.quantity.minus(quantity);
    this.cost = this.cost.minus(removed);
    return removed;
  }

  /** 'a:b' gives a new shares for every b held. */
  split(numerator: Dec, denominator: Dec): void {
    this.quantity = this.quantity.times(numerator).div(denominator);
    for (let i = this.head; i < this.lots.length; i++) {
      const lot = this.lots[i];
      this.lots[i] = { ...lot, quantity: lot.quantity.times(numerator).div(denominator) };
    }
  }

  clone(): Position {
    const copy = shallowCopy(this);
    copy.lots = this.lots.slice(this.head);
    copy.head = 0;
    return copy;
  }

  openLots(): readonly OpenLot[] {
    return this.lots.slice(this.head);
  }

  /** The cost of `part` of `whole` shares costing `cost`: all of it when the whole is sold (no leftover cent). */
  private share(cost: Dec, part: Dec, whole: Dec): Dec {
    return part.eq(whole) ? cost : toCents(cost.times(part).div(whole));
  }

  private sellLots(quantity: Dec): Dec {
    let left = quantity;
    let removed = ZERO;
    while (left.isPositive() && !left.isZero() && this.head < this.lots.length) {
      const lot = this.lots[this.head];
      const taken = lot.quantity.lte(left) ? lot.quantity : left;
      const cost = this.share(lot.cost, taken, lot.quantity);
      removed = removed.plus(cost);
      left = left.minus(taken);
      if (taken.eq(lot.quantity)) this.head++;
      else this.lots[this.head] = { ...lot, quantity: lot.quantity.minus(taken), cost: lot.cost.minus(cost) };
    }
    return removed;
  }
}
