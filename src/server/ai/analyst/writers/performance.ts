import type { HistorySummaryData } from '../../tools/getHistorySummary';
import { day, money, pct, upDown } from '../prose';

/** A range in words, after 'over': 'over the past six months'. */
export const RANGE_WORDS: Record<NonNullable<HistorySummaryData['range']>, string> = {
  '5D': 'the past five days',
  '1M': 'the past month',
  '6M': 'the past six months',
  YTD: 'the year to date',
  '1Y': 'the past year',
  '5Y': 'the past five years',
};

/** 'over the past year', or the dates for an explicit period. */
export function periodWords(range: HistorySummaryData['range'], from: string, to: string): string {
  return range ? `over ${RANGE_WORDS[range]}` : `from ${day(from)} to ${day(to)}`;
}

/**
 * How a symbol did over a range: the change first, then start, end, high and low. A yes-or-no question ('Has
 * Walmart gone up since March?') is answered yes or no first.
 */
export function writePerformance(h: HistorySummaryData, question?: { yesNo: boolean; text: string }): string {
  const when = h.range
    ? `over ${RANGE_WORDS[h.range]} (${day(h.from)} to ${day(h.to)})`
    : `from ${day(h.from)} to ${day(h.to)}`;
  const cut =
    h.requested && h.requested.to > h.to
      ? ` (the latest close; the period you asked about runs to ${day(h.requested.to)})`
      : '';
  const opener = question?.yesNo ? verdict(h, question.text) : '';
  return [
    `${opener}**${h.symbol}** is ${upDown(h.change)} **${pct(h.changePercent)}** ${when}${cut}: from ${money(h.firstClose)} to **${money(h.lastClose)}**, ` +
      `${upDown(h.change)} ${money(Math.abs(h.change))}.`,
    `Its highest close was ${money(h.highClose)} on ${day(h.highDate)} and its lowest ${money(h.lowClose)} on ${day(h.lowDate)}.`,
  ].join(' ');
}

/** 'Yes, ' or 'No, ' for 'has it gone up/down', 'is it up/down', 'did it beat …'; nothing when the question is other. */
function verdict(h: HistorySummaryData, text: string): string {
  const up = /\b(up|rise|risen|rose|gain\w*|grow\w*|higher|climb\w*|positive)\b/i.test(text);
  const down = /\b(down|fall|fallen|fell|drop\w*|lose|lost|lower|declin\w*|negative)\b/i.test(text);
  if (up === down) return '';
  return (up ? h.change > 0 : h.change < 0) ? 'Yes, ' : 'No, ';
}

/** A list item for a range's move: '- **Over the past year:** up 12.30%, from $100.00 to $112.30.' */
export function rangeMoveItem(h: HistorySummaryData): string {
  const when = h.range ? `Over ${RANGE_WORDS[h.range]}` : `From ${day(h.from)} to ${day(h.to)}`;
  return `- **${when}:** ${upDown(h.changePercent)} ${pct(h.changePercent)}, from ${money(h.firstClose)} to ${money(h.lastClose)}.`;
}
