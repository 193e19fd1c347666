import type { AnalysisData } from '../../tools/getAnalysis';
import type { HistorySummaryData } from '../../tools/getHistorySummary';
import { midSentence, money, named, pct, score, upDown } from '../prose';
import { rangeMoveItem } from './performance';

/** How a stock is doing: today's move, the longer run behind it, and the rating with its strongest reasons. */
export function writeOverview(a: AnalysisData, history?: HistorySummaryData): string {
  const ranked = [...a.factors].sort((x, y) => y.score - x.score);
  const best = ranked.find((f) => f.score > 0);
  const worst = [...ranked].reverse().find((f) => f.score < 0);
  const lines = [
    `**${named(a.name, a.symbol)}** at a glance:`,
    `- **Today:** ${money(a.price)}, ${upDown(a.changePercent)} ${pct(a.changePercent)}.`,
  ];
  if (history) {
    lines.push(rangeMoveItem(history));
  }
  lines.push(`- **Rating:** ${a.rating} (score ${score(a.score)}) by Tickwise's rule-based score.`);
  if (best) lines.push(`- **In its favour:** ${midSentence(best.explanation)}.`);
  if (worst) lines.push(`- **Against it:** ${midSentence(worst.explanation)}.`);
  return lines.join('\n');
}
