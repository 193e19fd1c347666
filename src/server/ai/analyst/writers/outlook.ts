import type { AnalysisData } from '../../tools/getAnalysis';
import { money, named, score } from '../prose';

const LEANING: Record<AnalysisData['rating'], string> = {
  'Strong Buy': 'clearly positive',
  Buy: 'positive',
  Hold: 'mixed',
  Sell: 'negative',
  'Strong Sell': 'clearly negative',
};

/** The rating with every factor that moved it, strongest first. */
export function writeOutlook(a: AnalysisData): string {
  const ranked = [...a.factors].sort((x, y) => Math.abs(y.score) - Math.abs(x.score));
  const supports = ranked.filter((f) => f.score > 0);
  const concerns = ranked.filter((f) => f.score < 0);
  const lines = [
    `**${named(a.name, a.symbol)}** is rated **${a.rating}** by Tickwise's rule-based score (${score(a.score)}) at ${money(a.price)}: the signals are ${LEANING[a.rating]} on balance.`,
  ];
  if (supports.length) {
    lines.push('', '**In its favour**', ...supports.map((f) => `- ${f.label} (${f.value}): ${f.explanation}`));
  }
  if (concerns.length) {
    lines.push('', '**Against it**', ...concerns.map((f) => `- ${f.label} (${f.value}): ${f.explanation}`));
  }
  if (!supports.length && !concerns.length) lines.push('', 'No factor leans strongly either way.');
  lines.push('', 'This reads past prices and valuation by fixed rules; it is educational, not financial advice.');
  return lines.join('\n');
}
