import type { CompareData, CompareRow } from '../../tools/compare';
import { money, pct, score, signedPct } from '../prose';
import { markdownTable } from '../table';
import { periodWords } from './performance';

const RANGE_HEADER: Record<NonNullable<CompareData['range']>, string> = {
  '5D': 'Five days',
  '1M': 'One month',
  '6M': 'Six months',
  YTD: 'Year to date',
  '1Y': 'One year',
  '5Y': 'Five years',
};

function best(rows: CompareRow[], value: (r: CompareRow) => number | null, pick: 'max' | 'min'): CompareRow | null {
  const withValue = rows.filter((r) => value(r) !== null);
  if (withValue.length < 2) return null;
  return withValue.reduce((a, b) => ((pick === 'max' ? value(b)! > value(a)! : value(b)! < value(a)!) ? b : a));
}

const orDash = (v: number | null, write: (v: number) => string) => (v === null ? '–' : write(v));

/** 'Which is cheaper by P/E?': said plainly, lowest P/E first (a fund or a loss-maker has none). */
function cheaperByPe(rows: CompareRow[]): string | null {
  const priced = rows.filter((r) => r.pe !== null && r.pe > 0).sort((a, b) => a.pe! - b.pe!);
  const without = rows.filter((r) => !priced.includes(r)).map((r) => `**${r.symbol}**`);
  if (priced.length === 1) {
    return `Only **${priced[0].symbol}** has a P/E (${priced[0].pe}); ${without.join(' and ')} ${without.length > 1 ? 'have' : 'has'} none (no positive earnings over the last year), so neither can be called cheaper by P/E.`;
  }
  if (priced.length < 2)
    return `None of them has a P/E (no positive earnings over the last year), so none can be called cheaper by P/E.`;
  const [cheap, ...rest] = priced;
  const others = rest.map((r) => `**${r.symbol}** at ${r.pe}`).join(', ');
  return `**${cheap.symbol}** is the cheaper by P/E: ${cheap.pe} against ${others} (a lower P/E means paying less for each unit of yearly profit).`;
}

/**
 * The symbols side by side in a table over the period asked, then who leads on return, calm and rating; a
 * valuation question ('which is cheaper by P/E?') gets its plain answer first.
 */
export function writeCompare(data: CompareData, options: { focus?: 'pe' | 'cap' | null } = {}): string {
  const rows = data.rows;
  const header = data.range
    ? RANGE_HEADER[data.range]
    : data.requested
      ? `${data.requested.from} to ${data.requested.to}`
      : 'Change';
  const table = markdownTable(
    ['Stock', 'Price', 'Today', header, 'Volatility (a year)', 'Rating', 'P/E'],
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
      `**${leader.symbol}** did best ${data.requested ? periodWords(null, data.requested.from, data.requested.to) : periodWords(data.range, '', '')} (${signedPct(leader.rangeChangePercent!)}), ` +
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
  const plain = options.focus === 'pe' ? cheaperByPe(rows) : null;
  return [...(plain ? [plain, ''] : []), table, '', summary.join(' ')].join('\n');
}
