import type { EarningsData } from '../../tools/getEarnings';
import { day } from '../prose';

/**
 * A company's earnings dates: the next one first ('when'), or the last one ('when was the last report'), or yes or
 * no for 'is it reporting this week' / 'has it reported this quarter' (the period the question named).
 */

export type EarningsFocus = 'next' | 'last';

const WHEN: Record<string, string> = { 'before-open': ' before the market opens', 'after-close': ' after the close' };
const STATUS: Record<string, string> = {
  confirmed: 'confirmed',
  estimated: 'estimated from its usual schedule',
  reported: 'reported',
};

export function writeEarnings(
  e: EarningsData,
  writing: { focus: EarningsFocus; yesNo: boolean; within: { from: string; to: string } | null },
): string {
  if (!e.reportsEarnings)
    return `${writing.yesNo ? 'No, ' : ''}**${e.symbol}** reports no earnings: it is a fund, an index or a cryptocurrency, not a company.`;
  const next = e.next
    ? `**${e.symbol}**'s next earnings report is on ${day(e.next.date)}${WHEN[e.next.time ?? ''] ?? ''} (${STATUS[e.next.status]}).`
    : `**${e.symbol}** has no earnings date announced or expected within a year.`;
  const last = e.last ? `Its last report was on ${day(e.last.date)}.` : null;
  const lines: string[] = [];
  if (writing.yesNo && writing.within) {
    const { from, to } = writing.within;
    const inside = [e.last, e.next].find((x) => x && x.date >= from && x.date <= to);
    lines.push(
      inside
        ? `Yes: **${e.symbol}** ${inside.status === 'reported' ? 'reported' : 'reports'} on ${day(inside.date)}${WHEN[inside.time ?? ''] ?? ''}.`
        : `No: ${e.next ? `**${e.symbol}**'s next report is on ${day(e.next.date)}` : `**${e.symbol}** has no report then`}${e.last ? `, and its last was on ${day(e.last.date)}` : ''}.`,
    );
  } else if (writing.focus === 'last' && e.last) {
    lines.push(`**${e.symbol}** last reported earnings on ${day(e.last.date)}${WHEN[e.last.time ?? ''] ?? ''}.`, next);
  } else {
    lines.push(writing.yesNo && e.next ? `Yes: ${next}` : next);
    if (last) lines.push(last);
  }
  if (e.stale) lines.push('_The earnings data source is not answering right now: these are the last known dates._');
  return lines.join(' ');
}

/** Several companies' next and last earnings dates, one line each (a list). */
export function writeEarningsOfSeveral(all: readonly EarningsData[]): string {
  return all
    .map((e) =>
      !e.reportsEarnings
        ? `- **${e.symbol}** reports no earnings (a fund, an index or a cryptocurrency).`
        : `- **${e.symbol}**: next report ${e.next ? `on ${day(e.next.date)}${WHEN[e.next.time ?? ''] ?? ''} (${STATUS[e.next.status]})` : 'not scheduled'}${e.last ? `; last on ${day(e.last.date)}` : ''}.`,
    )
    .join('\n');
}
