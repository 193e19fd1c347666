import type { CompareData, CompareRow } from '../../tools/compare';
import { money, pct, score, signedPct } from '../prose';

function row(r: CompareRow): string {
  const parts = [`**${r.symbol}** ${money(r.price)} (${signedPct(r.changePercent)} today)`];
  if (r.change1YPercent !== null) parts.push(`past year ${signedPct(r.change1YPercent)}`);
  if (r.volatilityAnnualPercent !== null) parts.push(`volatility ${pct(r.volatilityAnnualPercent)} a year`);
  parts.push(`rating ${r.rating} (${score(r.score)})`);
  if (r.pe !== null && r.pe > 0) parts.push(`P/E ${r.pe}`);
  return `- ${parts.join(' · ')}`;
}

function best(rows: CompareRow[], value: (r: CompareRow) => number | null, pick: 'max' | 'min'): CompareRow | null {
  const withValue = rows.filter((r) => value(r) !== null);
  if (withValue.length < 2) return null;
  return withValue.reduce((a, b) => ((pick === 'max' ? value(b)! > value(a)! : value(b)! < value(a)!) ? b : a));
}

/** The symbols side by side, then who leads on return, calm and rating. */
export function writeCompare(data: CompareData): string {
  const rows = data.rows;
  const lines = rows.map(row);
  const summary: string[] = [];
  const leader = best(rows, (r) => r.change1YPercent, 'max');
  const laggard = best(rows, (r) => r.change1YPercent, 'min');
  if (leader && laggard && leader !== laggard) {
    summary.push(
      `**${leader.symbol}** did best over the past year (${signedPct(leader.change1YPercent!)}), ` +
        `${Math.abs(leader.change1YPercent! - laggard.change1YPercent!).toFixed(2)} percentage points ahead of **${laggard.symbol}** (${signedPct(laggard.change1YPercent!)}).`,
    );
  }
  const calm = best(rows, (r) => r.volatilityAnnualPercent, 'min');
  const wild = best(rows, (r) => r.volatilityAnnualPercent, 'max');
  if (calm && wild && calm !== wild) {
    summary.push(`**${calm.symbol}** was the calmest (${pct(calm.volatilityAnnualPercent!)} volatility), **${wild.symbol}** the most volatile (${pct(wild.volatilityAnnualPercent!)}).`);
  }
  const top = best(rows, (r) => r.score, 'max');
  if (top) summary.push(`The highest rating goes to **${top.symbol}**: ${top.rating} (${score(top.score)}).`);
  return [...lines, '', ...summary].join('\n');
}
