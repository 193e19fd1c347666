import type { QuoteRow } from '../../tools/getQuote';
import type { GetPortfolioData } from '../../tools/portfolioData';
import { money, pct, upDown } from '../prose';
import { escapeMarkdown } from '../userText';
import { writePrice } from './price';

/** 'Do I own MSFT?': yes or no first, with the position's size and gain, then the stock's price today. */
export function writeHolding(
  portfolio: GetPortfolioData,
  symbols: readonly string[],
  quotes: readonly QuoteRow[],
): string {
  if (!portfolio.hasPortfolio) return `No: ${portfolio.message}`;
  const name = `**${escapeMarkdown(portfolio.name)}**`;
  const lines = symbols.map((symbol) => {
    const h = portfolio.holdings.find((x) => x.symbol === symbol);
    if (!h) {
      return portfolio.otherHoldings
        ? `**${symbol}** is not among the largest positions of ${name}.`
        : `No, **${symbol}** is not in ${name}.`;
    }
    const worth = h.totalValue !== null ? ` worth ${money(h.totalValue)}` : '';
    const weight = h.weightPercent !== null ? ` (${pct(h.weightPercent)} of ${name})` : ` in ${name}`;
    const gain =
      h.gainLossPercent !== null
        ? `, ${upDown(h.gainLossPercent)} ${pct(h.gainLossPercent)} on your average price of ${money(h.averagePrice)}`
        : '';
    return `Yes, you hold ${h.quantity.toLocaleString('en-US', { maximumFractionDigits: 8 })} **${symbol}**${worth}${weight}${gain}.`;
  });
  const prices = quotes.length ? [writePrice([...quotes])] : [];
  return [lines.join(' '), ...prices].join('\n\n');
}
