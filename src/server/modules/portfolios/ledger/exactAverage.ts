import { Dec } from '../../../../shared/portfolio/decimal';
import type { Activity, CostMethod } from '../../../../shared/portfolio/ledger/types';
import { parseActivity } from './parse';

/**
 * The average price of each open position in exact decimals, for the holdings table. The engine books costs in
 * whole cents (so its decomposition adds up to the cent), which would turn a holding entered at 142.25 for 12.5
 * shares (1,778.125) into an average of 142.2504; the holdings the product shows keep the price the investor
 * entered. Same rules as the engine (buy fee in the cost, FIFO from the oldest lot or one average pool, a split
 * multiplies quantities and keeps costs), without the rounding. Activities come in ledger order, already replayed
 * without error.
 */
export function exactAveragePrices(activities: readonly Activity[], method: CostMethod): Map<string, Dec> {
  const books = new Map<string, Array<{ quantity: Dec; cost: Dec }>>();
  const book = (symbol: string) => {
    let lots = books.get(symbol);
    if (!lots) books.set(symbol, (lots = []));
    return lots;
  };
  for (const activity of activities) {
    const parsed = parseActivity(activity);
    if (parsed.kind === 'buy') {
      const lots = book(parsed.symbol);
      const cost = parsed.quantity.times(parsed.price).plus(parsed.fee);
      // Average cost keeps a single pool: one lot that every buy joins.
      if (method === 'average' && lots.length > 0) {
        lots[0] = { quantity: lots[0].quantity.plus(parsed.quantity), cost: lots[0].cost.plus(cost) };
      } else {
        lots.push({ quantity: parsed.quantity, cost });
      }
    } else if (parsed.kind === 'sell') {
      const lots = book(parsed.symbol);
      let left = parsed.quantity;
      while (left.gt(0) && lots.length > 0) {
        const lot = lots[0];
        const taken = Dec.min(left, lot.quantity);
        if (taken.eq(lot.quantity)) lots.shift();
        else
          lots[0] = {
            quantity: lot.quantity.minus(taken),
            cost: lot.cost.times(lot.quantity.minus(taken)).div(lot.quantity),
          };
        left = left.minus(taken);
      }
    } else if (parsed.kind === 'split') {
      const factor = parsed.numerator.div(parsed.denominator);
      books.set(
        parsed.symbol,
        book(parsed.symbol).map((lot) => ({ quantity: lot.quantity.times(factor), cost: lot.cost })),
      );
    }
  }
  const averages = new Map<string, Dec>();
  for (const [symbol, lots] of books) {
    const quantity = lots.reduce((sum, lot) => sum.plus(lot.quantity), new Dec(0));
    if (quantity.gt(0)) averages.set(symbol, lots.reduce((sum, lot) => sum.plus(lot.cost), new Dec(0)).div(quantity));
  }
  return averages;
}
