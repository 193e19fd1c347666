import { Dec } from '../../../shared/portfolio/decimal';
import { isZero, toDec, toNumber, type Exact } from './exact';

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
  return percentByFloat(part.toNumber(), whole.toNumber()) ?? exactPercent(part, whole);
}

/** The same for exact.ts's decimals (the portfolio valuation's): the float path, else the exact division. */
export function percentOfExact(part: Exact, whole: Exact): string | null {
  if (isZero(whole)) return null;
  return percentByFloat(toNumber(part), toNumber(whole)) ?? exactPercent(toDec(part), toDec(whole));
}

const exactPercent = (part: Dec, whole: Dec) => noNegativeZero(new Ratio(part).div(whole).times(100).toFixed(2));

/** Hundredths of a percent beyond which the float path leaves the answer to the exact division. */
const FLOAT_HUNDREDTHS_LIMIT = 1e12;

/**
 * The same answer from binary floats, where they can tell it: a portfolio read asks for several percents per holding,
 * and the exact division was the largest single cost of valuing one (issue 29). In hundredths of a percent, the
 * float is off by a few parts in 1e16; rounding to the nearest hundredth jumps only at halves, so unless the float
 * lands that close to a half, it rounds exactly as the exact value would. Near a half (12.125 % is exactly one) or
 * out of range it answers null, and the exact division decides, banker's rounding and all.
 */
function percentByFloat(part: number, whole: number): string | null {
  const hundredths = (part / whole) * 10_000;
  if (!(Math.abs(hundredths) < FLOAT_HUNDREDTHS_LIMIT)) return null;
  const below = Math.floor(hundredths);
  const fraction = hundredths - below;
  if (Math.abs(fraction - 0.5) <= Math.abs(hundredths) * 1e-13 + 1e-9) return null;
  const rounded = fraction < 0.5 ? below : below + 1;
  if (rounded === 0) return '0.00';
  const size = Math.abs(rounded);
  const whole100 = Math.floor(size / 100);
  const rest = size - whole100 * 100;
  return `${rounded < 0 ? '-' : ''}${whole100}.${rest < 10 ? '0' : ''}${rest}`;
}
