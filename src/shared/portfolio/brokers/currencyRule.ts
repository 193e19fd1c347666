import { isPortfolioCurrency, PORTFOLIO_CURRENCY_LIST, toMajorUnit } from '../../market/currency';

/**
 * The one place that decides what a row's currency means for the import (issue 27 §3, decision 023). The ledger keeps
 * each activity's currency and converts at each day's rate, so a row in any currency the ledger converts is imported
 * in it. A trade priced in one currency and paid from an account in another (a Trading 212 buy priced in USD with its
 * total in GBP) is recorded in the price's currency, its fees converted at the broker's rate (foreignTrade.ts,
 * decision 028). A row in another currency, or whose amounts are in several currencies that no rate of the row
 * relates, is listed as failing, never booked as if it were in another currency. London prices in pence ('GBX',
 * 'GBp') are converted to pounds where the row is read (`minorUnitFactor`).
 */

/** Why a row in `currency` cannot be imported; null when it can. */
export function currencyProblem(currency: string | null): string | null {
  if (currency === null || isPortfolioCurrency(currency)) return null;
  if (currency.includes('/'))
    return `This row's amounts are in several currencies (${currency.replaceAll('/', ' and ')}); an activity is recorded in one`;
  return `${currency} amounts cannot be imported yet: Tickwise converts ${PORTFOLIO_CURRENCY_LIST}`;
}

/** A currency as a file writes it, upper-cased, except pence ('GBp' stays apart from pounds, as 'GBX'). */
export function currencyCode(code: string): string {
  const trimmed = code.trim();
  return trimmed === 'GBp' ? 'GBX' : trimmed.toUpperCase();
}

/**
 * The currency of a row from the currencies its cells name: the one they all share, else every one of them joined
 * with '/' (which currencyProblem names); null when no cell names one.
 */
export function rowCurrency(currencies: ReadonlyArray<string | null | undefined>): string | null {
  const given = [
    ...new Set(
      currencies
        .filter((c): c is string => !!c)
        .map(currencyCode)
        .filter((c) => /^[A-Z]{3}$/.test(c)),
    ),
  ];
  return given.length === 0 ? null : given.join('/');
}

/** A row in a minor unit ('GBX': pence) is read in its major one: the ISO currency and what its amounts are times. */
export function minorUnitFactor(currency: string | null): { currency: string | null; factor: number } {
  if (currency === null) return { currency, factor: 1 };
  const major = toMajorUnit(currency);
  return major.factor === 1 ? { currency, factor: 1 } : major;
}
