import { MarketUnavailableError, SymbolNotFoundError } from '../../market/errors';
import { appError } from '../../errors/appError';

export const STOCK_NOT_FOUND = 'Stock not found';
export const MARKET_UNAVAILABLE = 'Market data is temporarily unavailable. Please try again shortly.';

/** Market errors in the product's error shape: unknown symbols are 404 'Stock not found', outages 503. */
export async function withMarketErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SymbolNotFoundError) throw appError('NOT_FOUND', STOCK_NOT_FOUND);
    if (error instanceof MarketUnavailableError) throw appError('SERVICE_UNAVAILABLE', MARKET_UNAVAILABLE);
    throw error;
  }
}
