import Decimal from 'decimal.js';

/**
 * Money and quantities as exact decimals. 50 significant digits hold any product of a quantity (up to 1e9 with
 * 8 decimals) and a price (up to 1e7 with 8 decimals) and sums of 500 of them without rounding; banker's
 * rounding where a result must be rounded (weighted averages, percents, cents).
 */
export const Dec = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -60, toExpPos: 60 });
export type Dec = InstanceType<typeof Dec>;

/** Plain decimal notation a person or a CSV file writes: "12", "0.5", ".5", "-3.25". */
const DECIMAL_TEXT = /^-?(?:\d+\.?\d*|\.\d+)$/;
const MAX_TEXT_LENGTH = 40;

/**
 * A JSON number or numeric text as an exact decimal, or null when it is neither. JSON numbers arrive as binary
 * floats; their shortest round-trip text ("0.1") is what the sender wrote, so that text is what we keep.
 */
export function parseDecimal(raw: unknown): Dec | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? new Dec(raw.toString()) : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (text.length === 0 || text.length > MAX_TEXT_LENGTH || !DECIMAL_TEXT.test(text)) return null;
  return new Dec(text);
}

/** Canonical text: no exponent, no trailing zeros ("1.50" -> "1.5", "1e-7" -> "0.0000001"). */
export function decimalText(value: Dec): string {
  return value.toFixed();
}
