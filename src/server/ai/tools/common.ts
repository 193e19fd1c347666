import { z } from 'zod';
import { INVALID_SYMBOL_MESSAGE } from '../../../shared/market/schemas';
import { isValidSymbol, normalizeSymbol } from '../../../shared/market/symbols';
import { MarketUnavailableError, SymbolNotFoundError } from '../../market/errors';
import type { MarketService } from '../../market/service';
import { ToolFailure, type ToolSource } from './types';

/** Shared pieces of the market tools: input schemas, the source label, rounding, error wording. */

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

export const toolSymbol = z
  .preprocess(
    upper,
    z.string().refine((s) => isValidSymbol(normalizeSymbol(s)), INVALID_SYMBOL_MESSAGE),
  )
  .describe('Ticker symbol, e.g. AAPL, SPY, ^GSPC or BTC-USD');

/** An enum that also takes lower case ('1y' is 1Y): models are not always careful with case. */
export function upperEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(upper, z.enum(values));
}

export function marketSource(market: MarketService): ToolSource {
  const { provider, simulated } = market.info();
  return {
    provider,
    simulated,
    label: simulated ? 'Simulated market (built-in)' : provider === 'yahoo' ? 'Yahoo Finance' : provider,
  };
}

/** Prices keep cents (4 decimals under $1); percentages and ratios 2 decimals. Tool data is what people read. */
export function roundPrice(x: number): number {
  return Math.abs(x) >= 1 ? Math.round(x * 100) / 100 : Math.round(x * 10_000) / 10_000;
}
export function round2(x: number): number {
  return Math.round(x * 100) / 100 || 0;
}

export const isoTime = (ms: number) => new Date(ms).toISOString();
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Market errors in words the model (and the user) can act on. */
export async function marketCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SymbolNotFoundError) {
      throw new ToolFailure(
        `Unknown symbol ${error.symbol}: there is no market data for it. Check the ticker or use search_symbols.`,
      );
    }
    if (error instanceof MarketUnavailableError)
      throw new ToolFailure(`Market data is temporarily unavailable (${what}).`);
    throw error;
  }
}
