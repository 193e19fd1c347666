import { Dec } from '../../../shared/portfolio/decimal';
import { MAX_PRICE_DECIMALS } from '../../../shared/portfolio/limits';

export interface Position {
  quantity: string;
  averagePrice: string;
}

/**
 * Adding shares of a symbol already held: quantities add up and the average price is weighted by quantity,
 * (q1 x p1 + q2 x p2) / (q1 + q2), rounded to the 8 decimals prices are kept with.
 */
export function mergePositions(held: Position, added: Position): Position {
  const q1 = new Dec(held.quantity);
  const q2 = new Dec(added.quantity);
  const quantity = q1.plus(q2);
  const cost = q1.times(held.averagePrice).plus(q2.times(added.averagePrice));
  const averagePrice = cost.div(quantity).toDecimalPlaces(MAX_PRICE_DECIMALS);
  return { quantity: quantity.toFixed(), averagePrice: averagePrice.toFixed() };
}
