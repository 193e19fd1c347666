import { Dec } from '../../../../shared/portfolio/decimal';

/**
 * Rounding at the edges of the ledger. Every amount that moves cash (a trade's cost or proceeds, a dividend, a fee,
 * a deposit) and every position's market value is rounded half-up to cents once, where it is booked or valued, as
 * a broker's statement does; everything in between (quantities, prices, unit costs, ratios) stays exact. Because
 * each term of the decomposition is then a whole number of cents, the identity holds to the cent by construction.
 */

export const ZERO = new Dec(0);
export const ONE = new Dec(1);
export const HUNDRED = new Dec(100);

/** Returns and indexes: 24 significant digits are far beyond the 8 decimals shown and make division cheaper. */
export const Ratio = Dec.clone({ precision: 24 });
export type Ratio = InstanceType<typeof Ratio>;

export function toCents(value: Dec): Dec {
  return value.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
}

function noNegativeZero(text: string): string {
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** Money as text: "1234.50". */
export function centsText(value: Dec): string {
  return noNegativeZero(value.toFixed(2, Dec.ROUND_HALF_UP));
}

/** A fraction of a return as text with 8 decimals: "0.37336254" is 37.34 %. */
export function fractionText(value: Dec | number): string {
  const exact = typeof value === 'number' ? new Dec(value) : new Dec(value.toString());
  return noNegativeZero(exact.toFixed(8, Dec.ROUND_HALF_UP));
}

/** Quantities and unit prices for display: at most 8 decimals, no trailing zeros ("3.33333333", "12.5"). */
export function quantityText(value: Dec): string {
  return noNegativeZero(value.toDecimalPlaces(8, Dec.ROUND_HALF_UP).toFixed());
}
