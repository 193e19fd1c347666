import { z } from 'zod';
import { INVALID_SYMBOL_MESSAGE, symbolSchema } from '../market/schemas';
import { isValidSymbol, normalizeSymbol } from '../market/symbols';
import { userText } from '../schemas/text';
import { MAX_SYMBOLS_PER_WATCHLIST, MAX_WATCHLIST_NAME_LENGTH } from './limits';
import { WATCHLIST_MESSAGES as M } from './messages';

/**
 * Input schemas of the watchlist procedures (REST and tRPC share them; the screens use the same rules). Symbols are
 * trimmed and upper-cased like every market call's; whether the market knows them is the server's to check.
 */

/**
 * Ids arrive from URLs: any text is accepted here and an id that names nothing (or someone else's list) answers the
 * service's 404, so malformed, missing and foreign ids look alike.
 */
const idSchema = z.string({ error: M.notFound }).max(10_000, M.notFound);

export const watchlistNameSchema = z
  .unknown()
  .refine((v) => typeof v === 'string', { message: M.nameRequired, abort: true })
  .pipe(userText().trim().min(1, M.nameRequired).max(MAX_WATCHLIST_NAME_LENGTH, M.nameTooLong));

const oneSymbol = z
  .unknown()
  .refine((v) => typeof v === 'string' && v.trim() !== '', { message: 'Symbol is required', abort: true })
  .pipe(symbolSchema);

/** Up to 200 symbols, each well formed, none twice (the order is what the caller gave). */
export const watchlistSymbolsSchema = z
  .array(z.unknown(), { error: M.symbolsNotList })
  .max(MAX_SYMBOLS_PER_WATCHLIST, M.symbolsTooMany)
  .transform((list, ctx) => {
    const seen = new Set<string>();
    for (const raw of list) {
      // One message for the whole list, not one per entry that is not text.
      if (typeof raw !== 'string') {
        ctx.addIssue({ code: 'custom', message: M.symbolsNotList });
        return z.NEVER;
      }
      const symbol = normalizeSymbol(raw);
      if (!isValidSymbol(symbol)) {
        ctx.addIssue({ code: 'custom', message: INVALID_SYMBOL_MESSAGE });
        return z.NEVER;
      }
      if (seen.has(symbol)) {
        ctx.addIssue({ code: 'custom', message: M.symbolTwice(symbol) });
        return z.NEVER;
      }
      seen.add(symbol);
    }
    return [...seen];
  });

export const watchlistIdSchema = z.object({ id: idSchema });

export const createWatchlistSchema = z.object({
  name: watchlistNameSchema,
  /** Optional first symbols, in order (a list made from a search result or a chart in one step). */
  symbols: watchlistSymbolsSchema.optional(),
});
export type CreateWatchlistInput = z.input<typeof createWatchlistSchema>;

export const renameWatchlistSchema = z.object({ id: idSchema, name: watchlistNameSchema });

export const watchlistSymbolSchema = z.object({ id: idSchema, symbol: oneSymbol });

export const reorderWatchlistSchema = z.object({ id: idSchema, symbols: watchlistSymbolsSchema });
