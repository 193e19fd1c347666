import { Dec } from '../../../shared/portfolio/decimal';
import type { QuotesMap } from '../../../shared/market/types';
import type { PortfolioTotals, ValuedHolding } from '../../../shared/portfolio/types';
import { cents, decimalOfPrice, percentOf, ZERO } from './money';

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
 */
export function valueHoldings(
  records: readonly HoldingRecord[],
  quotes: QuotesMap,
  extraErrors: string[] = [],
): Valuation {
  let totalValue = ZERO;
  let totalCost = ZERO;
  let dayChange = ZERO;
  let oldestPrice = Infinity;
  let stale = false;
  const errors = [...extraErrors];
  const values: Array<Dec | null> = [];

  const holdings = records.map((record): ValuedHolding => {
    const quantity = new Dec(record.quantity);
    const cost = quantity.times(record.averagePrice);
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
    const price = decimalOfPrice(quote.regularMarketPrice);
    const value = quantity.times(price);
    const gain = value.minus(cost);
    const move = quantity.times(decimalOfPrice(quote.regularMarketChange));
    totalValue = totalValue.plus(value);
    totalCost = totalCost.plus(cost);
    dayChange = dayChange.plus(move);
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
      currentPrice: price.toFixed(),
      totalValue: cents(value),
      gainLoss: cents(gain),
      gainLossPercent: percentOf(gain, cost),
      dayChange: cents(move),
      // Yesterday's value of the same shares is today's value minus today's move.
      dayChangePercent: percentOf(move, value.minus(move)),
      weight: null,
      priceAsOf: new Date(quote.regularMarketTime).toISOString(),
      stale: Boolean(quote.stale),
      priceError: null,
    };
  });

  values.forEach((value, i) => {
    if (value) holdings[i].weight = percentOf(value, totalValue);
  });

  const totalGain = totalValue.minus(totalCost);
  if (stale) errors.push('Some prices could not be refreshed; the last known prices are shown.');
  return {
    holdings,
    totals: {
      totalValue: cents(totalValue),
      totalCost: cents(totalCost),
      totalGainLoss: cents(totalGain),
      totalGainLossPercent: percentOf(totalGain, totalValue.minus(totalGain)),
      dayChange: cents(dayChange),
      dayChangePercent: percentOf(dayChange, totalValue.minus(dayChange)),
      holdingsCount: records.length,
      pricesAsOf: Number.isFinite(oldestPrice) ? new Date(oldestPrice).toISOString() : null,
      stale,
      errors,
    },
  };
}
