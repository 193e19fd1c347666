import type { CurrencyCode } from './types';

/**
 * Currencies as the market layer speaks them (docs/decisions/014-market-universe-and-currencies.md). Every price,
 * dividend and FX rate is in an ISO 4217 currency's major unit: London listings that Yahoo quotes in pence ('GBp',
 * also written 'GBX') arrive in pounds, and the same for South African cents and Israeli agorot. A broker file that
 * states a London price in pence converts with `toMajorUnit` too.
 */

/** The currencies every provider can convert between (FX series), the portfolio base currencies among them. */
export const FX_CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'JPY'] as const;

/** The currencies a portfolio may be kept in, and an activity recorded in (the ledger converts between them). */
export const PORTFOLIO_CURRENCIES = FX_CURRENCIES;
export type PortfolioCurrency = (typeof PORTFOLIO_CURRENCIES)[number];
export const DEFAULT_PORTFOLIO_CURRENCY: PortfolioCurrency = 'USD';

export function isPortfolioCurrency(value: string): value is PortfolioCurrency {
  return (PORTFOLIO_CURRENCIES as readonly string[]).includes(value);
}

/** "USD, EUR, GBP, CHF, CAD or JPY": for messages. */
export const PORTFOLIO_CURRENCY_LIST = `${PORTFOLIO_CURRENCIES.slice(0, -1).join(', ')} or ${PORTFOLIO_CURRENCIES.at(-1)}`;

const CURRENCY_CODE = /^[A-Z]{3}$/;

/** True for a three-letter upper-case code (ISO 4217's shape; whether a provider knows it is another matter). */
export function isCurrencyCode(value: string): value is CurrencyCode {
  return CURRENCY_CODE.test(value);
}

/** Minor units some exchanges quote in, with their ISO currency and the factor to it. */
const MINOR_UNITS: Readonly<Record<string, { currency: CurrencyCode; factor: number }>> = {
  GBp: { currency: 'GBP', factor: 0.01 },
  GBX: { currency: 'GBP', factor: 0.01 },
  ZAc: { currency: 'ZAR', factor: 0.01 },
  ZAC: { currency: 'ZAR', factor: 0.01 },
  ILA: { currency: 'ILS', factor: 0.01 },
};

/**
 * The ISO currency of a quoted currency and what to multiply its amounts by: ('GBp') -> GBP x 0.01, ('EUR') -> EUR x
 * 1. Case matters for 'GBp' (pence) against 'GBP' (pounds), as in Yahoo's answers.
 */
export function toMajorUnit(quoted: string): { currency: CurrencyCode; factor: number } {
  return MINOR_UNITS[quoted] ?? { currency: quoted.toUpperCase(), factor: 1 };
}

/** Listing suffixes (Yahoo's) and the currency their exchange trades in. */
const SUFFIX_CURRENCY: Readonly<Record<string, CurrencyCode>> = {
  L: 'GBP',
  IL: 'USD',
  DE: 'EUR',
  F: 'EUR',
  AS: 'EUR',
  PA: 'EUR',
  MI: 'EUR',
  MC: 'EUR',
  BR: 'EUR',
  LS: 'EUR',
  VI: 'EUR',
  HE: 'EUR',
  IR: 'EUR',
  SW: 'CHF',
  TO: 'CAD',
  V: 'CAD',
  NE: 'CAD',
  T: 'JPY',
  HK: 'HKD',
  AX: 'AUD',
  NZ: 'NZD',
  CO: 'DKK',
  ST: 'SEK',
  OL: 'NOK',
  SI: 'SGD',
  KS: 'KRW',
  SA: 'BRL',
  MX: 'MXN',
  JK: 'IDR',
};

/**
 * The currency a symbol most likely trades in, from its shape alone: a fallback for answers that do not say.
 * 'SAP.DE' -> EUR, 'EURUSD=X' -> USD (the quote side), 'BTC-EUR' -> EUR, 'AAPL' and 'BRK.B' -> USD.
 */
export function currencyOfSymbol(symbol: string): CurrencyCode {
  const pair = /^([A-Z]{3})?([A-Z]{3})=X$/.exec(symbol);
  if (pair) return pair[2];
  const crypto = /-([A-Z]{3})$/.exec(symbol);
  if (crypto) return crypto[1];
  const dot = symbol.lastIndexOf('.');
  return (dot > 0 && SUFFIX_CURRENCY[symbol.slice(dot + 1)]) || 'USD';
}

/** Yahoo's symbol of a currency pair: the price of one `base` in `quote` ('EUR', 'USD' -> 'EURUSD=X'). */
export function fxPairSymbol(base: CurrencyCode, quote: CurrencyCode): string {
  return `${base}${quote}=X`;
}
