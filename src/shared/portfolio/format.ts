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

/** Formatters of other currencies (issue 27 §3: a portfolio's base), made once each; a handful at most. */
const byCurrency = new Map<string, { plain: Intl.NumberFormat; signed: Intl.NumberFormat }>();
function formattersOf(currency: string) {
  if (currency === 'USD') return { plain: usd, signed: signedUsd };
  let known = byCurrency.get(currency);
  if (!known) {
    const options = { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
    known = {
      plain: new Intl.NumberFormat('en-US', { ...options, signDisplay: 'negative' }),
      signed: new Intl.NumberFormat('en-US', { ...options, signDisplay: 'exceptZero' }),
    };
    byCurrency.set(currency, known);
  }
  return known;
}

/** "1234.5" -> "$1,234.50"; in EUR "€1,234.50". */
export const formatMoneyText = (value: string | null | undefined, currency = 'USD') =>
  format(formattersOf(currency).plain, value);
/** "12.5" -> "+$12.50", "-3" -> "-$3.00"; in EUR "+€12.50". */
export const formatSignedMoneyText = (value: string | null | undefined, currency = 'USD') =>
  format(formattersOf(currency).signed, value);
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
