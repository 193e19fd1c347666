import type { QuotesMap } from '../../../shared/market/types';
import type { PortfolioTotals, ValuedHolding } from '../../../shared/portfolio/types';
import { cents, EXACT_ZERO, exactOf, exactOfPrice, minus, plainText, plus, times, type Exact } from './exact';
import { percentOfExact as percentOf } from './money';

/** A holding as stored: decimal strings. */
export interface HoldingRecord {
  id: string;
  symbol: string;
  quantity: string;
  averagePrice: string;
}

export interface Valuation {
  holdings: ValuedHolding[];
  totals: PortfolioTotals;
}

export const missingPriceMessage = (symbol: string) =>
  `No price for ${symbol} right now; it is left out of the totals.`;

/**
 * Values holdings against one set of quotes with exact decimals. Holdings without a quote keep price, value and
 * gain null and are named in `errors`; totals cover the priced holdings, so value, cost and gain always agree.
 * Total return % = gain / (value - gain) (product.md §9), which over the priced holdings is gain / cost.
 * The arithmetic is exact.ts's (bigint decimals): every portfolio read makes it, for every holding.
 */
export function valueHoldings(
  records: readonly HoldingRecord[],
  quotes: QuotesMap,
  extraErrors: string[] = [],
): Valuation {
  let totalValue = EXACT_ZERO;
  let totalCost = EXACT_ZERO;
  let dayChange = EXACT_ZERO;
  let oldestPrice = Infinity;
  let stale = false;
  const errors = [...extraErrors];
  const values: Array<Exact | null> = [];
  // Quotes of one refresh share their time: each is printed once (toISOString is a good part of a holding's cost).
  const isoTimes = new Map<number, string>();
  const isoTime = (ms: number) => {
    let text = isoTimes.get(ms);
    if (text === undefined) isoTimes.set(ms, (text = new Date(ms).toISOString()));
    return text;
  };

  const holdings = records.map((record): ValuedHolding => {
    const quantity = exactOf(record.quantity);
    const cost = times(quantity, exactOf(record.averagePrice));
    const quote = quotes[record.symbol];
    if (!quote) {
      values.push(null);
      errors.push(missingPriceMessage(record.symbol));
      return {
        id: record.id,
        symbol: record.symbol,
        name: '',
        quantity: record.quantity,
        averagePrice: record.averagePrice,
        costBasis: cents(cost),
        currentPrice: null,
        totalValue: null,
        gainLoss: null,
        gainLossPercent: null,
        dayChange: null,
        dayChangePercent: null,
        weight: null,
        priceAsOf: null,
        stale: false,
        priceError: `No price available for ${record.symbol}`,
      };
    }
    const price = exactOfPrice(quote.regularMarketPrice);
    const value = times(quantity, price);
    const gain = minus(value, cost);
    const move = times(quantity, exactOfPrice(quote.regularMarketChange));
    totalValue = plus(totalValue, value);
    totalCost = plus(totalCost, cost);
    dayChange = plus(dayChange, move);
    if (quote.regularMarketTime < oldestPrice) oldestPrice = quote.regularMarketTime;
    if (quote.stale) stale = true;
    values.push(value);
    return {
      id: record.id,
      symbol: record.symbol,
      name: quote.shortName || quote.longName || '',
      quantity: record.quantity,
      averagePrice: record.averagePrice,
      costBasis: cents(cost),
      currentPrice: plainText(price),
      totalValue: cents(value),
      gainLoss: cents(gain),
      gainLossPercent: percentOf(gain, cost),
      dayChange: cents(move),
      // Yesterday's value of the same shares is today's value minus today's move.
      dayChangePercent: percentOf(move, minus(value, move)),
      weight: null,
      priceAsOf: isoTime(quote.regularMarketTime),
      stale: Boolean(quote.stale),
      priceError: null,
    };
  });

  values.forEach((value, i) => {
    if (value) holdings[i].weight = percentOf(value, totalValue);
  });

  const totalGain = minus(totalValue, totalCost);
  if (stale) errors.push('Some prices could not be refreshed; the last known prices are shown.');
  return {
    holdings,
    totals: {
      totalValue: cents(totalValue),
      totalCost: cents(totalCost),
      totalGainLoss: cents(totalGain),
      totalGainLossPercent: percentOf(totalGain, minus(totalValue, totalGain)),
      dayChange: cents(dayChange),
      dayChangePercent: percentOf(dayChange, minus(totalValue, dayChange)),
      holdingsCount: records.length,
      pricesAsOf: Number.isFinite(oldestPrice) ? new Date(oldestPrice).toISOString() : null,
      stale,
      errors,
    },
  };
}
