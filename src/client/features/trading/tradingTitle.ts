import { formatPrice } from '../../../shared/format';
import type { Quote } from '../../../shared/market/types';

const percent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The trading page's title, so a background tab reads like a ticker: "AAPL 254.75 ▲0.66%" (▼ when down); the symbol
 * alone until the quote is in.
 */
export function tradingTitle(symbol: string, quote: Quote | undefined): string {
  if (!quote) return symbol;
  const change = quote.regularMarketChangePercent;
  const arrow = change > 0 ? '▲' : change < 0 ? '▼' : '';
  return `${symbol} ${formatPrice(quote.regularMarketPrice)} ${arrow}${percent.format(Math.abs(change))}%`;
}
