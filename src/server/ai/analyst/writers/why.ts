import type { AnalysisData } from '../../tools/getAnalysis';
import type { HistorySummaryData } from '../../tools/getHistorySummary';
import { money, named, pct, upDown } from '../prose';
import { rangeMoveItem } from './performance';

/**
 * 'Why did X drop?': the honest answer is that there is no news feed to say why; what the data can show is how big
 * the move is, the run it belongs to and where the price stands against its averages.
 */
export function writeWhy(a: AnalysisData, history?: HistorySummaryData): string {
  const i = a.indicators;
  const lines = [
    `I have no news feed, so I can't tell you why **${named(a.name, a.symbol)}** moved. Here is what the price data shows:`,
    `- **Today:** ${upDown(a.changePercent)} ${pct(a.changePercent)}, at ${money(a.price)}.`,
  ];
  if (history) lines.push(rangeMoveItem(history));
  if (i.ma20 !== null && i.priceVsMa20Percent !== null) {
    lines.push(
      `- **Against its ${i.maPeriods[0]}-day average** (${money(i.ma20)}): ${pct(i.priceVsMa20Percent)} ${i.priceVsMa20Percent >= 0 ? 'above' : 'below'}.`,
    );
  }
  if (i.rsi14 !== null)
    lines.push(
      `- **${i.rsiPeriod}-day RSI:** ${i.rsi14}${i.rsi14 >= 70 ? ', overbought' : i.rsi14 <= 30 ? ', oversold' : ''}.`,
    );
  lines.push(
    '',
    'Company news, earnings or a market-wide move are the usual reasons; check a news source for the cause.',
  );
  return lines.join('\n');
}
