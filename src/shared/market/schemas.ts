import { z } from 'zod';
import { userText } from '../schemas/text';
import { MAX_QUOTE_SYMBOLS, MAX_SEARCH_QUERY_LENGTH, TIMEFRAMES } from './constants';
import { isValidSymbol, MAX_SYMBOL_LENGTH, normalizeSymbol } from './symbols';
import type { Timeframe } from './types';

/** Input schemas of the stocks procedures (REST and tRPC share them). Bad input stops here, before any provider. */

export const INVALID_SYMBOL_MESSAGE = `Invalid symbol: use letters, digits and . - = ^ (at most ${MAX_SYMBOL_LENGTH} characters)`;
export const INVALID_PERIOD_MESSAGE = `Invalid period: use one of ${TIMEFRAMES.join(', ')}`;
export const TOO_MANY_SYMBOLS_MESSAGE = `At most ${MAX_QUOTE_SYMBOLS} symbols per request`;
export const QUERY_TOO_LONG_MESSAGE = `Search query must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`;

/** Trims, upper-cases and checks one symbol in a single step (this runs on every quotes request). */
function normalizeChecked(raw: string, ctx: z.RefinementCtx): string {
  const symbol = normalizeSymbol(raw);
  if (!isValidSymbol(symbol)) ctx.addIssue({ code: 'custom', message: INVALID_SYMBOL_MESSAGE });
  return symbol;
}

export const symbolSchema = z.string({ error: 'Symbol is required' }).transform(normalizeChecked);

/** Up to 50 symbols, normalized and de-duplicated in order; one pass, no per-element schema (the hot path). */
export const symbolListSchema = z
  .array(z.string({ error: 'symbols must be a list of ticker symbols' }), {
    error: 'symbols must be a list of ticker symbols',
  })
  .max(MAX_QUOTE_SYMBOLS, TOO_MANY_SYMBOLS_MESSAGE)
  .transform((list, ctx) => {
    const symbols: string[] = [];
    for (const raw of list) {
      const symbol = normalizeSymbol(raw);
      if (!isValidSymbol(symbol)) {
        // One message for the first bad entry is clearer than fifty copies.
        ctx.addIssue({ code: 'custom', message: INVALID_SYMBOL_MESSAGE });
        return z.NEVER;
      }
      if (!symbols.includes(symbol)) symbols.push(symbol);
    }
    return symbols;
  });

/** Case-insensitive ("1y" is 1Y); absent means 1D. */
export const timeframeSchema = z
  .string({ error: INVALID_PERIOD_MESSAGE })
  .optional()
  .transform((v) => (v ?? '1D').trim().toUpperCase())
  .refine((v): v is Timeframe => (TIMEFRAMES as readonly string[]).includes(v), INVALID_PERIOD_MESSAGE)
  .transform((v) => v);

/** Not stored, but passed on to the provider (Yahoo puts it in a URL): only well-formed text goes through. */
export const searchInputSchema = z.object({
  q: userText()
    .default('')
    .transform((q) => q.trim())
    .refine((q) => q.length <= MAX_SEARCH_QUERY_LENGTH, QUERY_TOO_LONG_MESSAGE),
});
export const quotesInputSchema = z.object({ symbols: symbolListSchema });
export const symbolInputSchema = z.object({ symbol: symbolSchema });
export const historyInputSchema = z.object({ symbol: symbolSchema, period: timeframeSchema });
