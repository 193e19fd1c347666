import { Dec } from '../../../../shared/portfolio/decimal';
import type { Activity, CostMethod } from '../../../../shared/portfolio/ledger/types';
import { parseActivity, type ParsedActivity } from './parse';

/**
 * The average price of each open position in exact decimals, for the holdings table. The engine books costs in
 * whole cents (so its decomposition adds up to the cent), which would turn a holding entered at 142.25 for 12.5
 * shares (1,778.125) into an average of 142.2504; the holdings the product shows keep the price the investor
 * entered. Same rules as the engine (buy fee in the cost, FIFO from the oldest lot or one average pool, a split
 * multiplies quantities and keeps costs), without the rounding. Activities come in ledger order, already replayed
 * without error.
 */
export function exactAveragePrices(activities: readonly Activity[], method: CostMethod): Map<string, Dec> {
  const book = new ExactAverageBook(method);
  for (const activity of activities) book.apply(parseActivity(activity));
  return book.averages();
}

interface ExactLot {
  quantity: Dec;
  cost: Dec;
}

/** One symbol's open lots, oldest first, from `head` on (a sold-out lot is skipped, not spliced). */
interface ExactLots {
  lots: ExactLot[];
  head: number;
}

/** The exact lots of every symbol, applied one activity at a time; kept and copied like the LedgerReplayer. */
export class ExactAverageBook {
  private books = new Map<string, ExactLots>();

  constructor(readonly method: CostMethod) {}

  /** An independent copy: open lots are copied (lots themselves are replaced, never changed in place). */
  clone(): ExactAverageBook {
    const copy = new ExactAverageBook(this.method);
    for (const [symbol, { lots, head }] of this.books) copy.books.set(symbol, { lots: lots.slice(head), head: 0 });
    return copy;
  }

  apply(parsed: ParsedActivity): void {
    if (parsed.kind === 'buy' || parsed.kind === 'transfer_in') {
      const book = this.book(parsed.symbol);
      const cost = parsed.quantity.times(parsed.price).plus(parsed.kind === 'buy' ? parsed.fee : 0);
      // Average cost keeps a single pool: one lot that every buy joins.
      const pool = book.lots[book.head];
      if (this.method === 'average' && pool)
        book.lots[book.head] = { quantity: pool.quantity.plus(parsed.quantity), cost: pool.cost.plus(cost) };
      else book.lots.push({ quantity: parsed.quantity, cost });
    } else if (parsed.kind === 'sell') {
      const book = this.book(parsed.symbol);
      let left = parsed.quantity;
      while (left.gt(0) && book.head < book.lots.length) {
        const lot = book.lots[book.head];
        const taken = Dec.min(left, lot.quantity);
        if (taken.eq(lot.quantity)) book.head++;
        else
          book.lots[book.head] = {
            quantity: lot.quantity.minus(taken),
            cost: lot.cost.times(lot.quantity.minus(taken)).div(lot.quantity),
          };
        left = left.minus(taken);
      }
    } else if (parsed.kind === 'split') {
      const factor = parsed.numerator.div(parsed.denominator);
      const book = this.book(parsed.symbol);
      for (let i = book.head; i < book.lots.length; i++)
        book.lots[i] = { quantity: book.lots[i].quantity.times(factor), cost: book.lots[i].cost };
    }
  }

  averages(): Map<string, Dec> {
    const averages = new Map<string, Dec>();
    for (const [symbol, { lots, head }] of this.books) {
      let quantity = new Dec(0);
      let cost = new Dec(0);
      for (let i = head; i < lots.length; i++) {
        quantity = quantity.plus(lots[i].quantity);
        cost = cost.plus(lots[i].cost);
      }
      if (quantity.gt(0)) averages.set(symbol, cost.div(quantity));
    }
    return averages;
  }

  private book(symbol: string): ExactLots {
    let book = this.books.get(symbol);
    if (!book) this.books.set(symbol, (book = { lots: [], head: 0 }));
    return book;
  }
}
