/**
 * product.md §9 formats for the decimal strings of portfolio answers. Intl formats numeric text exactly, so a
 * value is never squeezed through a binary float on its way to the screen.
 */

const NOT_AVAILABLE = 'N/A';
type NumericText = `${number}`;

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});
const signedUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const signedTwoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

const format = (formatter: Intl.NumberFormat, value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? NOT_AVAILABLE : formatter.format(value as NumericText);

/** "1234.5" -> "$1,234.50". */
export const formatMoneyText = (value: string | null | undefined) => format(usd, value);
/** "12.5" -> "+$12.50", "-3" -> "-$3.00". */
export const formatSignedMoneyText = (value: string | null | undefined) => format(signedUsd, value);
/** "12.345" -> "+12.35%". */
export const formatSignedPercentText = (value: string | null | undefined) =>
  value === null || value === undefined ? NOT_AVAILABLE : `${signedTwoDecimals.format(value as NumericText)}%`;
/** "37.5" -> "37.50%" (weights). */
export const formatPercentText = (value: string | null | undefined) =>
  value === null || value === undefined ? NOT_AVAILABLE : `${twoDecimals.format(value as NumericText)}%`;
/** "1234.5" -> "1,234.5"; up to 8 decimals as held. */
export const formatQuantityText = (value: string) => quantity.format(value as NumericText);

/** Mantine colour for a signed amount: green up, red down, dimmed flat or unknown. */
export function toneOf(value: string | null | undefined): 'green' | 'red' | 'dimmed' {
  if (!value) return 'dimmed';
  const n = Number(value);
  return n > 0 ? 'green' : n < 0 ? 'red' : 'dimmed';
}
