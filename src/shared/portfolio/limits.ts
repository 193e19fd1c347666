/**
 * Portfolio bounds (issue 10), the one place they live: the server enforces them, the forms and messages quote them.
 */

export const MAX_PORTFOLIOS_PER_USER = 50;
export const MAX_HOLDINGS_PER_PORTFOLIO = 500;

export const MAX_PORTFOLIO_NAME_LENGTH = 100;
export const MAX_PORTFOLIO_DESCRIPTION_LENGTH = 500;

/** Quantities: more than 0, at most a billion units, at most 8 decimals (a satoshi). */
export const MAX_QUANTITY = '1000000000';
export const MAX_QUANTITY_DECIMALS = 8;
/** Average prices: 0 (a gift) up to ten million per unit, at most 8 decimals. */
export const MAX_AVERAGE_PRICE = '10000000';
export const MAX_PRICE_DECIMALS = 8;

/** product.md §9: holding prices refresh every 30 s while holdings exist. */
export const PRICE_REFRESH_MS = 30_000;

/** product.md §5: the Add Stock search starts above 2 characters. */
export const ADD_STOCK_MIN_QUERY_LENGTH = 3;

/** Largest CSV import accepted (characters), and rows in it. */
export const MAX_IMPORT_CSV_LENGTH = 100_000;
export const MAX_IMPORT_ROWS = MAX_HOLDINGS_PER_PORTFOLIO;
