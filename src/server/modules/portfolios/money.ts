import { Dec } from '../../../shared/portfolio/decimal';

/**
 * How answers print exact decimals: money in cents, percents with 2 decimals, both with banker's rounding (the
 * Dec configuration). These run for every holding on every valuation, so each is a single rounding step.
 */

export const ZERO = new Dec(0);

/**
 * Ratios are shown to 2 decimals of a percent: 24 significant digits are far more than that needs and make the
 * division several times cheaper than at full precision. A ratio that terminates within 24 digits (every
 * boundary case such as 12.125%) is still exact, so the rounding is exact too.
 */
const Ratio = Dec.clone({ precision: 24 });

function noNegativeZero(text: string): string {
  return text === '-0.00' ? '0.00' : text;
}

export function cents(value: Dec): string {
  return noNegativeZero(value.toFixed(2));
}

/** part / whole in percent, 2 decimals; null when the whole is zero (no meaningful percent). */
export function percentOf(part: Dec, whole: Dec): string | null {
  if (whole.isZero()) return null;
  return noNegativeZero(new Ratio(part).div(whole).times(100).toFixed(2));
}

/**
 * A quote's binary float as the decimal it displays: its shortest round-trip text ("230.17"), never the float's
 * full binary expansion.
 */
export function decimalOfPrice(price: number): Dec {
  return new Dec(price.toString());
}
