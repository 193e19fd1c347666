/**
 * Number formats of product.md §9, shared by every screen: prices with 2 decimals and thousands separators from
 * 1,000, USD, market cap as T/B/M, signed changes and percents with 2 decimals.
 * Formatters are built once: Intl.NumberFormat construction is far slower than formatting.
 */

const NOT_AVAILABLE = 'N/A';

const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // Never print "-0.00" for a value that rounds to zero.
  signDisplay: 'negative',
});

const signedTwoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** 1234.5 -> "1,234.50". */
export function formatPrice(value: number | null | undefined): string {
  return isNumber(value) ? twoDecimals.format(value) : NOT_AVAILABLE;
}

/** 1234.5 -> "$1,234.50". */
export function formatUsd(value: number | null | undefined): string {
  return isNumber(value) ? usd.format(value) : NOT_AVAILABLE;
}

/** 1.234 -> "+1.23", -1.234 -> "-1.23", 0 -> "0.00". */
export function formatSignedChange(value: number | null | undefined): string {
  return isNumber(value) ? signedTwoDecimals.format(value) : NOT_AVAILABLE;
}

/** 1.234 -> "+1.23%", -0.5 -> "-0.50%", 0 -> "0.00%". */
export function formatSignedPercent(value: number | null | undefined): string {
  return isNumber(value) ? `${signedTwoDecimals.format(value)}%` : NOT_AVAILABLE;
}

const MARKET_CAP_UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
];

/**
 * 2.85e12 -> "$2.85T", 512.3e9 -> "$512.30B", 45e6 -> "$45.00M", below a million -> "$950,000.00". In another
 * currency its own sign: "€250.00B".
 */
export function formatMarketCap(value: number | null | undefined, currency = 'USD'): string {
  if (!isNumber(value) || value < 0) return NOT_AVAILABLE;
  const sign = currency === 'USD' ? '$' : currencySign(currency);
  for (const [size, unit] of MARKET_CAP_UNITS) {
    // Compare after rounding so 999.999e9 shows as "$1.00T", not "$1,000.00B".
    if (Math.round((value / size) * 100) / 100 >= 1) return `${sign}${twoDecimals.format(value / size)}${unit}`;
  }
  return currency === 'USD' ? usd.format(value) : formatMoney(value, currency);
}

/** Price-to-earnings ratio, "N/A" when the company has none (losses or no data). */
export function formatPe(value: number | null | undefined): string {
  return isNumber(value) && value > 0 ? twoDecimals.format(value) : NOT_AVAILABLE;
}

const moneyFormats = new Map<string, Intl.NumberFormat | null>();

/** The cached formatter of a currency and number of decimals; null for a code Intl does not know. */
function moneyFormat(currency: string, decimals: number | undefined): Intl.NumberFormat | null {
  const key = `${currency}:${decimals ?? ''}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        ...(decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
        signDisplay: 'negative',
      });
    } catch {
      format = null;
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * An amount in its own currency: (1234.5, 'EUR') -> "€1,234.50", (2900, 'JPY') -> "¥2,900", (98, 'CHF') -> "CHF 98.00".
 * `decimals` overrides the currency's usual number (a money-market dividend of 0.0033 needs four).
 */
export function formatMoney(value: number | null | undefined, currency: string, decimals?: number): string {
  if (!isNumber(value)) return NOT_AVAILABLE;
  const format = moneyFormat(currency, decimals);
  return format ? format.format(value) : `${twoDecimals.format(value)} ${currency}`;
}

/** The sign a currency is written with: '$', '€', '£', '¥', 'CHF', 'CA$'. */
export function currencySign(currency: string): string {
  return (
    moneyFormat(currency, 0)
      ?.formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}
