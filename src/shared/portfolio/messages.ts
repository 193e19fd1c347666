import { PORTFOLIO_CURRENCY_LIST } from '../market/currency';
import {
  MAX_HOLDINGS_PER_PORTFOLIO,
  MAX_PORTFOLIO_DESCRIPTION_LENGTH,
  MAX_PORTFOLIO_NAME_LENGTH,
  MAX_PORTFOLIOS_PER_USER,
  MAX_PRICE_DECIMALS,
  MAX_QUANTITY_DECIMALS,
} from './limits';

/** Every portfolio message the server answers with and the screens show, word for word in one place. */
export const PORTFOLIO_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_PORTFOLIO_NAME_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${MAX_PORTFOLIO_DESCRIPTION_LENGTH} characters`,
  baseCurrencyInvalid: `Base currency must be one of ${PORTFOLIO_CURRENCY_LIST}`,
  tooManyPortfolios: `You can have at most ${MAX_PORTFOLIOS_PER_USER} portfolios. Delete one to create another.`,
  tooManyHoldings: `A portfolio can hold at most ${MAX_HOLDINGS_PER_PORTFOLIO} stocks`,
  isPublicRequired: 'isPublic must be true or false',
  symbolRequired: 'Symbol is required',
  stockNotFound: 'Stock not found',
  purchaseDateInvalid: 'Purchase date must be a calendar date written YYYY-MM-DD',
  purchaseDateRequired: 'Purchase date is required',
  purchaseDateInFuture: 'Purchase date cannot be in the future',
  noUndatedShares:
    'Every share of this holding already has its purchase date: edit its activities on the Activity tab.',
  quantityRequired: 'Quantity is required',
  quantityNotNumber: 'Quantity must be a number',
  quantityNotPositive: 'Quantity must be greater than 0',
  quantityTooLarge: 'Quantity must be at most 1,000,000,000',
  quantityTooPrecise: `Quantity can have at most ${MAX_QUANTITY_DECIMALS} decimal places`,
  quantityMergeTooLarge: 'Quantity would be more than 1,000,000,000 after adding to the shares already held',
  priceRequired: 'Average price is required',
  priceNotNumber: 'Average price must be a number',
  priceNegative: 'Average price cannot be negative',
  priceTooLarge: 'Average price must be at most 10,000,000',
  pricePrecise: `Average price can have at most ${MAX_PRICE_DECIMALS} decimal places`,
  portfolioNotFound: 'Portfolio not found',
  holdingNotFound: 'Holding not found',
  sharedNotFound: 'Portfolio Not Found',
  csvRequired: 'Paste or choose a CSV file first',
  csvTooLarge: 'The CSV file is too large (at most 100,000 characters)',
  csvNothingToImport: 'No valid rows to import',
  dateOrderInvalid: 'use dmy (day first) or mdy (month first)',
  dateOrderNeeded:
    'The file’s dates read both ways (no day is above 12): say whether they are day first or month first (dateOrder dmy or mdy) and try again',
  reviewNeedsHoldings: 'Add a holding to this portfolio before asking for an AI review',
  reviewFailed: (why: string) =>
    `The AI review could not be written. ${why} It was not counted against your daily limit.`,
} as const;
