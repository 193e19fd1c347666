import { currencyOfSymbol, isPortfolioCurrency } from '../../../shared/market/currency';
import { LEDGER_MESSAGES as L, type ActivityFields } from '../../../shared/portfolio/ledger/schemas';
import type { AppDeps } from '../../depsTypes';
import { withMarketErrors } from '../stocks/errors';
import { badInput } from '../portfolios/errors';

/**
 * The currency each new or edited activity is recorded in (issue 27 §3, decision 023): the one it names, else the
 * symbol's listing currency for a trade, dividend, split or fee of a symbol (the quote's, in its major unit: a London
 * listing is GBP, never pence), else the portfolio's base currency for cash. A currency the ledger cannot convert is
 * a 400 naming it, never an amount booked as if it were another currency.
 */

/** The listing currency of each symbol: its quote's (one batched call, cached by the market), else its suffix's. */
export async function listingCurrencies(
  deps: Pick<AppDeps, 'market'>,
  symbols: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(symbols)];
  if (wanted.length === 0) return new Map();
  const quotes = await withMarketErrors(() => deps.market.quotes(wanted));
  return new Map(wanted.map((symbol) => [symbol, quotes[symbol]?.currency ?? currencyOfSymbol(symbol)]));
}

/** The symbols whose listing currency decides the currency of some of `fields`. */
export const undecidedSymbols = (fields: ReadonlyArray<ActivityFields | null>): string[] =>
  fields.flatMap((f) => (f && !f.currency && f.symbol ? [f.symbol] : []));

/** The currency of `f`, or why it cannot be recorded. */
export function decideCurrency(
  f: ActivityFields,
  baseCurrency: string,
  listing: ReadonlyMap<string, string>,
): { currency: string } | { error: string } {
  if (f.currency) return { currency: f.currency };
  if (f.symbol === null) return { currency: baseCurrency };
  const currency = listing.get(f.symbol) ?? currencyOfSymbol(f.symbol);
  return isPortfolioCurrency(currency) ? { currency } : { error: L.currencyNotConvertible(f.symbol, currency) };
}

/** `fields` with their currency decided; throws the 400 of a symbol whose currency cannot be converted. */
export async function withCurrencies<T extends ActivityFields>(
  deps: Pick<AppDeps, 'market'>,
  baseCurrency: string,
  fields: readonly T[],
): Promise<Array<T & { currency: string }>> {
  const listing = await listingCurrencies(deps, undecidedSymbols(fields));
  return fields.map((f) => {
    const decided = decideCurrency(f, baseCurrency, listing);
    if ('error' in decided) throw badInput(decided.error);
    return { ...f, currency: decided.currency };
  });
}
