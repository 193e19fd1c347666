import { Dec } from '../../../shared/portfolio/decimal';

/** How answers print exact decimals: money in cents, percents with 2 decimals (banker's rounding, SPEC section 9 formats). */

export const ZERO = new Dec(0);

export function cents(value: Dec): string {
  return value.toDecimalPlaces(2).toFixed(2);
}

/** part / whole in percent, 2 decimals; null when the whole is zero (no meaningful percent). */
export function percentOf(part: Dec, whole: Dec): string | null {
  if (whole.isZero()) return null;
  return part.div(whole).times(100).toDecimalPlaces(2).toFixed(2);
}

/**
 * A quote's binary float as the decimal it displays: its shortest round-trip text ("230.17"), never the float's
 * full binary expansion.
 */
export function decimalOfPrice(price: number): Dec {
  return new Dec(price.toString());
}
