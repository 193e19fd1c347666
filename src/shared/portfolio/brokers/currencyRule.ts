/**
 * The one place that decides what a row's currency means for the import (issue 27 §2, until §3 lands): the ledger
 * has no currencies yet, so every amount it stores is in the portfolio's currency, USD. A row whose money is in
 * another currency is listed as failing, never booked as if it were dollars. When the ledger learns currencies,
 * this answers null for every row and the rows carry their currency through.
 */

export const PORTFOLIO_CURRENCY = 'USD';

/** Why a row in `currency` cannot be imported into a portfolio kept in `portfolioCurrency`; null when it can. */
export function currencyProblem(currency: string | null, portfolioCurrency = PORTFOLIO_CURRENCY): string | null {
  if (currency === null || currency === portfolioCurrency) return null;
  return `${currency} amounts cannot be imported into a ${portfolioCurrency} portfolio yet (the ledger keeps one currency)`;
}

/**
 * The currency that describes a row whose amounts are in several (a Trading 212 buy priced in USD with its fee and
 * total in GBP): the portfolio's when they all are, else the first that is not, so the rule above names it.
 */
export function rowCurrency(
  currencies: ReadonlyArray<string | null | undefined>,
  portfolioCurrency = PORTFOLIO_CURRENCY,
): string | null {
  const given = currencies
    .filter((c): c is string => !!c)
    .map((c) => c.trim().toUpperCase())
    .filter((c) => /^[A-Z]{3}$/.test(c));
  if (given.length === 0) return null;
  return given.find((c) => c !== portfolioCurrency) ?? portfolioCurrency;
}
