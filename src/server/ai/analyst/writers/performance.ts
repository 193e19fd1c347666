import type { HistorySummaryData } from '../../tools/getHistorySummary';
import { day, money, pct, upDown } from '../prose';

/** A range in words, after 'over': 'over the past six months'. */
export const RANGE_WORDS: Record<HistorySummaryData['range'], string> = {
  '5D': 'the past five days',
  '1M': 'the past month',
  '6M': 'the past six months',
  YTD: 'the year to date',
  '1Y': 'the past year',
  '5Y': 'the past five years',
};

/** How a symbol did over a range: start, end, change, high and low. */
export function writePerformance(h: HistorySummaryData): string {
  return [
    `Over ${RANGE_WORDS[h.range]} (${day(h.from)} to ${day(h.to)}), **${h.symbol}** went from ${money(h.firstClose)} to **${money(h.lastClose)}**: ` +
      `${upDown(h.change)} ${money(Math.abs(h.change))} (**${pct(h.changePercent)}**).`,
    `Its highest close was ${money(h.highClose)} on ${day(h.highDate)} and its lowest ${money(h.lowClose)} on ${day(h.lowDate)}.`,
  ].join(' ');
}

/** A list item for a range's move: '- **Over the past year:** up 12.30%, from $100.00 to $112.30.' */
export function rangeMoveItem(h: HistorySummaryData): string {
  return `- **Over ${RANGE_WORDS[h.range]}:** ${upDown(h.changePercent)} ${pct(h.changePercent)}, from ${money(h.firstClose)} to ${money(h.lastClose)}.`;
}
