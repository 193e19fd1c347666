import type { AnalysisData } from '../../tools/getAnalysis';
import type { GetPortfolioData } from '../../tools/portfolioData';
import { money, named, pct, score } from '../prose';
import { escapeMarkdown } from '../userText';

/**
 * 'Should I buy more AAPL?' for someone who holds it: how big the holding already is in their portfolio (a third of
 * it is a concentration risk whatever the rating says), then the rating and its strongest reasons.
 */

/** A holding at or above this share of the portfolio is called out as concentrated. */
const CONCENTRATED_PERCENT = 20;

export function writePositionAdvice(a: AnalysisData, portfolio: GetPortfolioData | null): string {
  const lines: string[] = [];
  const holding = portfolio?.hasPortfolio ? portfolio.holdings.find((h) => h.symbol === a.symbol) : undefined;
  if (portfolio?.hasPortfolio && holding && holding.weightPercent !== null) {
    const weight = holding.weightPercent;
    const where = `**${escapeMarkdown(portfolio.name)}**`;
    lines.push(
      weight >= CONCENTRATED_PERCENT
        ? `**${a.symbol}** is already ${pct(weight)} of your portfolio (${where}${holding.totalValue !== null ? `, ${money(holding.totalValue)}` : ''}): buying more would concentrate it further, so one company's bad news would weigh on everything you own.`
        : `**${a.symbol}** is ${pct(weight)} of your portfolio (${where}), so adding some would not by itself make it concentrated.`,
    );
  } else if (portfolio?.hasPortfolio) {
    lines.push(`You don't hold **${a.symbol}** in **${escapeMarkdown(portfolio.name)}** yet.`);
  }
  const ranked = [...a.factors].sort((x, y) => Math.abs(y.score) - Math.abs(x.score));
  const support = ranked.find((f) => f.score > 0);
  const concern = ranked.find((f) => f.score < 0);
  const reading = [`Tickwise's rule-based score rates **${named(a.name, a.symbol)}** **${a.rating}** (${score(a.score)}) at ${money(a.price)}.`];
  if (support) reading.push(`In its favour: ${support.label} (${support.value}).`);
  if (concern) reading.push(`Against it: ${concern.label} (${concern.value}).`);
  lines.push(reading.join(' '));
  lines.push('Whether to add is your call: this reads past prices, valuation and your current weights by fixed rules; it is educational, not financial advice.');
  return lines.join('\n\n');
}
