import { currencyOfSymbol } from '../../../shared/market/currency';
import type { QuotesMap } from '../../../shared/market/types';
import { Dec } from '../../../shared/portfolio/decimal';
import type { LedgerDeps } from '../ledger/deps';
import { baseProjectionOf, type BaseProjection } from '../ledger/baseProjection';
import { rateToday } from '../ledger/ledgerInBase';
import { valueHoldings, type HoldingRecord, type Valuation } from './valuation';
import type { PortfolioRow } from './queries';
import { withFields } from '../../../shared/withFields';

/**
 * Issue 27 §3: the holdings view in the portfolio's base currency. Each price is converted at today's rate, each
 * cost comes from the ledger converted at its trade days' rates (never today's: Ghostfolio's first bug), so values,
 * costs and gains of several currencies are added only once converted (its second). The figures are rounded as the
 * performance answer's converted closes are (to a millionth), so the holdings plus cash here are its end value (§4).
 */

export const ratesMissingMessage = (currency: string) =>
  `No exchange rate for ${currency} right now; holdings in ${currency} are left out of the totals.`;

const toMillionth = (value: number) => Math.round(value * 1e6) / 1e6;

/** The listing currency of a holding: its quote's (major units, decision 014), else its symbol's suffix's. */
const listingCurrencyOf = (symbol: string, quotes: QuotesMap, projected: BaseProjection) =>
  quotes[symbol]?.currency ?? projected.fx?.symbolCurrencies.get(symbol) ?? currencyOfSymbol(symbol);

/**
 * Values `records` (as stored: prices in their listing currency) with `quotes` (as the market quotes them) in the
 * base of `row`. Every holding names its listing currency and its price in it.
 */
export async function valueInBase(
  deps: LedgerDeps,
  row: PortfolioRow,
  records: readonly HoldingRecord[],
  quotes: QuotesMap,
  errors: string[],
  projected?: BaseProjection,
): Promise<Valuation> {
  const base = row.baseCurrency;
  const currencies = new Map<string, string>();
  const inBase = (symbol: string) => (currencies.get(symbol) ?? base) === base;
  // A portfolio whose symbols are all listed in its base: nothing to convert, not even the cost (no foreign rows).
  if (records.every((r) => (quotes[r.symbol]?.currency ?? currencyOfSymbol(r.symbol)) === base)) {
    const known = projected ?? (records.length > 0 ? await baseProjectionOf(deps, row) : null);
    if (!known?.fx) return withListing(valueHoldings(records, quotes, errors), quotes, currencies);
    projected = known;
  }
  projected ??= await baseProjectionOf(deps, row);
  for (const r of records) currencies.set(r.symbol, listingCurrencyOf(r.symbol, quotes, projected));
  const open = new Map(projected.replay?.open.map((o) => [o.symbol, o.averagePrice]) ?? []);
  const now = deps.now();
  const converted: QuotesMap = {};
  const missing = new Set<string>();
  const inBaseRecords = records.map((record): HoldingRecord => {
    const quote = quotes[record.symbol];
    const currency = currencies.get(record.symbol)!;
    if (!inBase(record.symbol) && projected.ratesMissing) {
      missing.add(currency);
      return record;
    }
    const rate = rateToday(projected.fx, currency, now);
    if (quote)
      converted[record.symbol] = inBase(record.symbol)
        ? quote
        : withFields(quote, {
            currency: base,
            regularMarketPrice: toMillionth(quote.regularMarketPrice * rate),
            regularMarketChange: toMillionth(quote.regularMarketChange * rate),
          });
    // The cost at the trade days' rates, as the ledger converted row by row books it; only a ledger that no longer
    // replays (the page says why elsewhere) falls back to today's rate.
    const averagePrice =
      open.get(record.symbol) ?? new Dec(record.averagePrice).times(String(rate)).toDecimalPlaces(8).toFixed();
    return withFields(record, { averagePrice });
  });
  const notes = [...missing].map(ratesMissingMessage);
  const valued = valueHoldings(inBaseRecords, converted, [...errors, ...notes]);
  // The missing-price sentence of a holding left out for want of a rate would say the wrong thing: the rate's is kept.
  if (missing.size > 0)
    valued.totals.errors = valued.totals.errors.filter(
      (e) => !records.some((r) => !inBase(r.symbol) && e.includes(` ${r.symbol} `)),
    );
  return withListing(valued, quotes, currencies);
}

/** Each holding with its listing currency and its price in it (null without a quote). */
function withListing(valued: Valuation, quotes: QuotesMap, currencies: ReadonlyMap<string, string>): Valuation {
  for (const h of valued.holdings) {
    const quote = quotes[h.symbol];
    h.currency = currencies.get(h.symbol) ?? quote?.currency ?? currencyOfSymbol(h.symbol);
    h.listingPrice = quote ? String(quote.regularMarketPrice) : null;
  }
  return valued;
}
