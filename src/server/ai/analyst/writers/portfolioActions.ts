import type { PortfolioToolCheck, PortfolioToolData } from '../../tools/portfolioData';
import { list } from '../prose';

/**
 * What the user might consider doing about a portfolio, one line per check that warns (the AI Review's answer). The
 * checks themselves are on the card beside it, so this names the move, not the measurement again. Every figure is a
 * field of the tool's data (a limit, a symbol, a sector), so the answer stays fully verified.
 */

const limitOf = (c: PortfolioToolCheck) => ('thresholdPercent' in c ? `${c.thresholdPercent}%` : null);

function action(c: PortfolioToolCheck, p: PortfolioToolData): string {
  const limit = limitOf(c);
  const top = p.holdings[0]?.symbol;
  const losing = p.holdings
    .filter((h) => h.gainLossPercent !== null && h.gainLossPercent < 0)
    .map((h) => `**${h.symbol}**`);
  switch (c.key) {
    case 'largestPosition':
      return `**Trim the largest position or add to others.** Selling part of ${top ? `**${top}**` : 'it'}, or putting new money elsewhere, keeps one company's bad day from sinking the whole portfolio${limit ? ` (the check's limit is ${limit} of the value)` : ''}.`;
    case 'topThreeWeight':
      return `**Spread beyond your three biggest positions.** New money into other holdings would lower how much rides on ${list(p.holdings.slice(0, 3).map((h) => `**${h.symbol}**`))}.`;
    case 'sectorConcentration':
      return `**Add something outside ${p.allocationBySector[0] ? `**${p.allocationBySector[0].sector}**` : 'your main sector'}.** A fund or company in another sector would soften a slump that hits one industry${limit ? ` (the check's limit is ${limit} in one sector)` : ''}.`;
    case 'holdingsCount':
      return '**Hold more positions.** With few holdings, one piece of news moves everything; a broad index fund adds many companies in one step.';
    case 'unrealisedLosses':
      return `**Revisit the positions below cost${losing.length ? ` (${list(losing)})` : ''}.** Ask whether the reason you bought each still holds, instead of keeping it by default or selling in a hurry.`;
    case 'volatility':
      return '**Decide whether the swings suit you.** If they feel too large, calmer holdings such as a broad index fund would even them out.';
    case 'maxDrawdown':
      return "**Check you could sit through the past year's worst fall again.** If not, a calmer mix or a plan for what you would do in a fall helps you avoid selling at the bottom.";
    case 'beta':
      return "**Know that it moves more than the market.** Broad index funds would bring it closer to the market's own swings, if you want that.";
    case 'cashLikeShare':
      return '**Give the cash-like share a purpose.** Money parked in cash-like funds is safe from swings but grows little; keep what you need soon, and consider investing the rest for the long term.';
    default:
      return `**Look into ${c.title.toLowerCase()}.**`;
  }
}

export function writePortfolioActions(p: PortfolioToolData): string {
  const warnings = p.checks.results.filter((c) => c.status === 'warn');
  const lines = warnings.length
    ? ['**What to consider**', ...warnings.map((c) => `- ${action(c, p)}`)]
    : [
        '**What to consider**',
        '- **Nothing pressing.** No position, sector or loss is above the limits of the checks; revisit this review when you add or sell holdings.',
      ];
  lines.push(
    '',
    '_The checks behind these suggestions are listed with the portfolio. Educational ideas, not financial advice: only you know your goals and timeline._',
  );
  return lines.join('\n');
}
