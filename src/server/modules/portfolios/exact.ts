import { Dec } from '../../../shared/portfolio/decimal';

/**
 * Exact decimals as a bigint count of 10^-scale, for the valuation every portfolio read makes (issue 29 §3): valuing
 * ten holdings with decimal.js took about 95 µs, a fifth of the read, as each of its two dozen operations per holding
 * parses, allocates and normalises. Sums, differences and products of decimals are exact here too (the scale grows
 * with a product), and rounding is banker's, as `Dec` rounds; the division of a percent is left to money.ts.
 */
export interface Exact {
  readonly units: bigint;
  readonly scale: number;
}

const POWERS = Array.from({ length: 64 }, (_, i) => 10n ** BigInt(i));
const pow10 = (n: number): bigint => POWERS[n] ?? 10n ** BigInt(n);

export const EXACT_ZERO: Exact = { units: 0n, scale: 0 };

/** Plain ("12.5", "-0.25", ".5") or exponent ("1.5e-7", as a float prints below 1e-6) decimal text. */
const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

export function exactOf(text: string): Exact {
  const parts = DECIMAL.exec(text);
  if (!parts || (parts[2] === '' && !parts[3])) throw new Error(`Not a decimal: ${text}`);
  const [, sign, whole, fraction = '', exponent = '0'] = parts;
  const digits = BigInt(`${whole}${fraction}` || '0');
  const scale = fraction.length - Number(exponent);
  const units = sign === '-' ? -digits : digits;
  return scale >= 0 ? { units, scale } : { units: units * pow10(-scale), scale: 0 };
}

/** A quote's binary float as the decimal it displays: its shortest round-trip text ("230.17"). */
export function exactOfPrice(price: number): Exact {
  return exactOf(price.toString());
}

function aligned(a: Exact, b: Exact): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.units, b.units, a.scale];
  if (a.scale > b.scale) return [a.units, b.units * pow10(a.scale - b.scale), a.scale];
  return [a.units * pow10(b.scale - a.scale), b.units, b.scale];
}

export function plus(a: Exact, b: Exact): Exact {
  const [x, y, scale] = aligned(a, b);
  return { units: x + y, scale };
}

export function minus(a: Exact, b: Exact): Exact {
  const [x, y, scale] = aligned(a, b);
  return { units: x - y, scale };
}

export function times(a: Exact, b: Exact): Exact {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export const isZero = (a: Exact): boolean => a.units === 0n;

/** The nearest binary float (within an ulp or two: enough for money.ts's float path, which leaves halves alone). */
export function toNumber(a: Exact): number {
  return a.scale === 0 ? Number(a.units) : Number(a.units) / Number(pow10(a.scale));
}

export function toDec(a: Exact): Dec {
  return new Dec(a.scale === 0 ? a.units.toString() : `${a.units}e-${a.scale}`);
}

/** Units of 10^-places, rounded half to even. */
function roundedUnits(a: Exact, places: number): bigint {
  if (a.scale <= places) return a.units * pow10(places - a.scale);
  const divisor = pow10(a.scale - places);
  const quotient = a.units / divisor;
  const remainder = a.units % divisor;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  if (twice > divisor || (twice === divisor && (quotient & 1n) !== 0n)) return quotient + (a.units < 0n ? -1n : 1n);
  return quotient;
}

function formatUnits(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const text = places === 0 ? whole : `${whole}.${digits.slice(digits.length - places)}`;
  return negative ? `-${text}` : text;
}

/** Money in cents, banker's rounding; never "-0.00" (a loss that rounds to nothing is nothing). */
export function cents(a: Exact): string {
  return formatUnits(roundedUnits(a, 2), 2);
}

/** Canonical plain text, as `Dec#toFixed()` prints it: no exponent, no trailing zeros ("1.50" -> "1.5"). */
export function plainText(a: Exact): string {
  let { units, scale } = a;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return formatUnits(units, scale);
}
