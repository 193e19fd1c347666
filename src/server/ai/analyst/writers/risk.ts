import type { HistorySummaryData } from '../../tools/getHistorySummary';
import { day, money, pct } from '../prose';

function volatilityWords(v: number): string {
  if (v < 20) return 'low: price swings have been mild';
  if (v < 40) return 'moderate, typical for a large company';
  if (v < 60) return 'high: expect large swings both ways';
  return 'very high: sharp losses can come quickly';
}

/** Volatility, the worst fall and the distance from the high, over the range (a year by default). */
export function writeRisk(h: HistorySummaryData): string {
  const parts = [`Over the period from ${day(h.from)} to ${day(h.to)}, **${h.symbol}**:`];
  const bullets: string[] = [];
  if (h.volatilityAnnualPercent !== null) {
    bullets.push(
      `- Annualized volatility: **${pct(h.volatilityAnnualPercent)}**, ${volatilityWords(h.volatilityAnnualPercent)}.`,
    );
  }
  bullets.push(
    h.maxDrawdownPercent < 0
      ? `- Largest fall from a peak: **${pct(h.maxDrawdownPercent)}**.`
      : '- It never fell below an earlier peak in this period.',
  );
  if (h.fromHighPercent !== null) {
    bullets.push(
      h.fromHighPercent === 0
        ? `- It closed at its highest level of the period, ${money(h.highClose)}.`
        : `- It sits ${pct(h.fromHighPercent)} below the period's highest close of ${money(h.highClose)} (${day(h.highDate)}).`,
    );
  }
  return [parts[0], ...bullets, '', 'Past swings are a guide to risk, not a promise: future moves can be larger.'].join(
    '\n',
  );
}
