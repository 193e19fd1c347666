import type { AnalysisData } from '../../tools/getAnalysis';
import type { GetPortfolioData } from '../../tools/portfolioData';
import { midSentence, money, named, pct, score } from '../prose';
import { escapeMarkdown } from '../userText';

/**
 * 'Should I buy more NVDA?' for someone who holds it: how big the holding already is in their portfolio (a third of
 * it is a concentration risk whatever the rating says), then the rating and its strongest reasons.
 */

/** A holding at or above this share of the portfolio is called out as concentrated. */
const CONCENTRATED_PERCENT = 20;

function holdingLine(a: AnalysisData, portfolio: GetPortfolioData | null): string | null {
  if (!portfolio?.hasPortfolio) return null;
  const where = `**${escapeMarkdown(portfolio.name)}**`;
  const holding = portfolio.holdings.find((h) => h.symbol === a.symbol);
  if (!holding || holding.weightPercent === null) return `You don't hold **${a.symbol}** in ${where} yet.`;
  const weight = holding.weightPercent;
  const worth = holding.totalValue !== null ? `, ${money(holding.totalValue)}` : '';
  return weight >= CONCENTRATED_PERCENT
    ? `**${a.symbol}** is already ${pct(weight)} of your portfolio (${where}${worth}): buying more would concentrate it further, so news about one company would weigh on everything you own.`
    : `**${a.symbol}** is ${pct(weight)} of your portfolio (${where}${worth}), so adding some would not by itself make it concentrated.`;
}

export function writePositionAdvice(a: AnalysisData, portfolio: GetPortfolioData | null): string {
  const ranked = [...a.factors].sort((x, y) => Math.abs(y.score) - Math.abs(x.score));
  const support = ranked.find((f) => f.score > 0);
  const concern = ranked.find((f) => f.score < 0);
  const lines = [
    `- **Rating:** ${named(a.name, a.symbol)} is rated ${a.rating} (${score(a.score)}) by Tickwise's rule-based score at ${money(a.price)}.`,
  ];
  if (support) lines.push(`- **In its favour:** ${midSentence(support.explanation)}.`);
  if (concern) lines.push(`- **Against it:** ${midSentence(concern.explanation)}.`);
  const holding = holdingLine(a, portfolio);
  return [
    ...(holding ? [holding] : []),
    lines.join('\n'),
    'Whether to add is your call: this reads past prices, valuation and your current weights by fixed rules; it is educational, not financial advice.',
  ].join('\n\n');
}
