import type { CompareData, CompareRow } from '../../tools/compare';
import { money, pct, score, signedPct } from '../prose';
import { markdownTable } from '../table';
import { RANGE_WORDS } from './performance';

const RANGE_HEADER: Record<CompareData['range'], string> = {
  '5D': '5 days',
  '1M': '1 month',
  '6M': '6 months',
  YTD: 'Year to date',
  '1Y': '1 year',
  '5Y': '5 years',
};

function best(rows: CompareRow[], value: (r: CompareRow) => number | null, pick: 'max' | 'min'): CompareRow | null {
  const withValue = rows.filter((r) => value(r) !== null);
  if (withValue.length < 2) return null;
  return withValue.reduce((a, b) => ((pick === 'max' ? value(b)! > value(a)! : value(b)! < value(a)!) ? b : a));
}

const orDash = (v: number | null, write: (v: number) => string) => (v === null ? '–' : write(v));

/** The symbols side by side in a table over the range asked, then who leads on return, calm and rating. */
export function writeCompare(data: CompareData): string {
  const rows = data.rows;
  const table = markdownTable(
    ['Stock', 'Price', 'Today', RANGE_HEADER[data.range], 'Volatility (1 year)', 'Rating', 'P/E'],
    rows.map((r) => [
      `**${r.symbol}**`,
      money(r.price),
      signedPct(r.changePercent),
      orDash(r.rangeChangePercent, signedPct),
      orDash(r.volatilityAnnualPercent, pct),
      `${r.rating} (${score(r.score)})`,
      r.pe !== null && r.pe > 0 ? String(r.pe) : '–',
    ]),
  );
  const summary: string[] = [];
  const leader = best(rows, (r) => r.rangeChangePercent, 'max');
  const laggard = best(rows, (r) => r.rangeChangePercent, 'min');
  if (leader && laggard && leader !== laggard) {
    summary.push(
      `**${leader.symbol}** did best over ${RANGE_WORDS[data.range]} (${signedPct(leader.rangeChangePercent!)}), ` +
        `${Math.abs(leader.rangeChangePercent! - laggard.rangeChangePercent!).toFixed(2)} percentage points ahead of **${laggard.symbol}** (${signedPct(laggard.rangeChangePercent!)}).`,
    );
  }
  const calm = best(rows, (r) => r.volatilityAnnualPercent, 'min');
  const wild = best(rows, (r) => r.volatilityAnnualPercent, 'max');
  if (calm && wild && calm !== wild) {
    summary.push(
      `**${calm.symbol}** was the calmest (${pct(calm.volatilityAnnualPercent!)} volatility), **${wild.symbol}** the most volatile (${pct(wild.volatilityAnnualPercent!)}).`,
    );
  }
  const top = best(rows, (r) => r.score, 'max');
  if (top) summary.push(`The highest rating goes to **${top.symbol}**: ${top.rating} (${score(top.score)}).`);
  return [table, '', summary.join(' ')].join('\n');
}
