import type { AnalysisData } from '../../tools/getAnalysis';
import { day, money, named } from '../prose';

/** The MA20/MA50 crossover signals of the past year (the chart's BUY and SELL markers). */
export function writeSignals(a: AnalysisData): string {
  const i = a.indicators;
  const [short, long] = i.maPeriods;
  const fast = `MA${short}`;
  const slow = `MA${long}`;
  const parts: string[] = [];
  const last = i.lastCrossover;
  if (last) {
    const direction = last.type === 'buy' ? 'crossed above' : 'crossed below';
    const ago = last.barsAgo === 0 ? 'on the latest session' : `${last.barsAgo} sessions ago`;
    parts.push(
      `The latest ${fast}/${slow} crossover on **${named(a.name, a.symbol)}** was a **${last.type.toUpperCase()}** signal on ${day(last.date)} (${ago}): ${fast} ${direction} ${slow}.`,
    );
  } else {
    parts.push(`There was no ${fast}/${slow} crossover on **${named(a.name, a.symbol)}** in the past year.`);
  }
  if (i.buySignals + i.sellSignals > 0) {
    parts.push(`Over the year there were ${i.buySignals} buy and ${i.sellSignals} sell signals.`);
  }
  if (i.ma20 !== null && i.ma50 !== null) {
    parts.push(
      `Today ${fast} (${money(i.ma20)}) is ${i.ma20 >= i.ma50 ? 'above' : 'below'} ${slow} (${money(i.ma50)}).`,
    );
  }
  parts.push('Crossovers lag the price: they confirm a trend rather than predict one.');
  return parts.join(' ');
}
