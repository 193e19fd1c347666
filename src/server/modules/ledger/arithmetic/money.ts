import { Dec } from '../../../../shared/portfolio/decimal';

/**
 * Rounding at the edges of the ledger. Every amount that moves cash (a trade's cost or proceeds, a dividend, a fee,
 * a deposit) and every position's market value is rounded half-up to cents once, where it is booked or valued, as
 * a broker's statement does; everything in between (quantities, prices, unit costs, ratios) stays exact. Because
 * each term of the decomposition is then a whole number of cents, the identity holds to the cent by construction.
 */

export const ZERO = new Dec(0);
export const ONE = new Dec(1);

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
export function fractionText(value: number): string {
  return noNegativeZero(new Dec(value).toFixed(8, Dec.ROUND_HALF_UP));
}

/** Quantities and unit prices for display: at most 8 decimals, no trailing zeros ("3.33333333", "12.5"). */
export function quantityText(value: Dec): string {
  return noNegativeZero(value.toDecimalPlaces(8, Dec.ROUND_HALF_UP).toFixed());
}

/** Whole cents held as an integer (72250) back to an exact decimal (722.5). */
export function fromWholeCents(cents: number): Dec {
  return new Dec(cents).div(100);
}

/** Whole cents held as an integer (72250) as money text ("722.50"), without a decimal on the daily path. */
export function wholeCentsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}
