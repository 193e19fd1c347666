import type { AnalysisData } from '../../tools/getAnalysis';
import { midSentence, money, named, pct, score, upDown } from '../prose';

/** A short take: price, today's move, the rating and its strongest reason on each side. */
export function writeOverview(a: AnalysisData): string {
  const ranked = [...a.factors].sort((x, y) => y.score - x.score);
  const best = ranked.find((f) => f.score > 0);
  const worst = [...ranked].reverse().find((f) => f.score < 0);
  const parts = [
    `**${named(a.name, a.symbol)}** trades at **${money(a.price)}**, ${upDown(a.changePercent)} ${pct(a.changePercent)} today. ` +
      `Tickwise's rule-based rating is **${a.rating}** (score ${score(a.score)}).`,
  ];
  if (best) parts.push(`In its favour: ${midSentence(best.explanation)}.`);
  if (worst) parts.push(`Against it: ${midSentence(worst.explanation)}.`);
  return parts.join(' ');
}
