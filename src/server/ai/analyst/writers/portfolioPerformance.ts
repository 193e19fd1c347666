import type { PortfolioPerformanceData, PortfolioPerformanceToolData } from '../../tools/portfolioData';
import { day, list, money, pct, upDown } from '../prose';
import { escapeMarkdown } from '../userText';

/**
 * The portfolio's returns over a range (portfolio_performance): the time-weighted return against the benchmark
 * first, or the dividends received first when that was the question, then the money-weighted return, gains and
 * dividends. A figure the ledger could not compute (null) is left out, never written as zero.
 */

const RANGE_WORDS: Record<string, string> = {
  '1M': 'over the past month',
  '3M': 'over the past three months',
  '6M': 'over the past six months',
  YTD: 'so far this year',
  '1Y': 'over the past year',
  '3Y': 'over the past three years',
  '5Y': 'over the past five years',
  ALL: 'since its first activity',
};

const signed = (v: number) => `${upDown(v)} ${pct(v)}`;

function versus(p: PortfolioPerformanceToolData, yesNo: boolean): string {
  const twr = p.timeWeightedReturnPercent!;
  const bench = p.benchmark.twrPercent;
  const when = RANGE_WORDS[p.range] ?? `from ${day(p.from)} to ${day(p.to)}`;
  const name = `**${escapeMarkdown(p.portfolio.name)}**`;
  if (bench === null) return `${name} is ${signed(twr)} ${when} (time-weighted return).`;
  const beat = twr > bench;
  const opener = yesNo ? (beat ? 'Yes: ' : 'No: ') : '';
  return (
    `${opener}${name} is ${signed(twr)} ${when} (time-weighted return), against ${signed(bench)} for ${p.benchmark.symbol}, ` +
    `so it ${beat ? 'beat' : twr === bench ? 'matched' : 'trailed'} the benchmark${p.versusBenchmarkPercent !== null && !(twr === bench) ? ` by ${Math.abs(p.versusBenchmarkPercent).toFixed(2)} percentage points` : ''}.`
  );
}

function dividendsLine(p: PortfolioPerformanceToolData, first: boolean): string {
  const when = RANGE_WORDS[p.range] ?? `from ${day(p.from)} to ${day(p.to)}`;
  if (p.dividendsReceived === 0) return `You received no dividends ${when} (from ${day(p.from)} to ${day(p.to)}).`;
  const bySymbol = new Map<string, number>();
  for (const d of p.dividendPayments) bySymbol.set(d.symbol, (bySymbol.get(d.symbol) ?? 0) + 1);
  const payers = [...bySymbol.keys()];
  const lead = first ? `You received **${money(p.dividendsReceived)}** in dividends ${when}` : `Dividends received: ${money(p.dividendsReceived)}`;
  return `${lead} (from ${day(p.from)} to ${day(p.to)})${payers.length ? `, from ${list(payers.map((s) => `**${s}**`))}` : ''}.`;
}

export function writePortfolioPerformance(
  data: PortfolioPerformanceData,
  writing: { focus: 'returns' | 'dividends'; yesNo: boolean },
): string {
  if (!data.hasPortfolio) return data.message;
  const p = data;
  const lines: string[] = [];
  if (writing.focus === 'dividends') lines.push(dividendsLine(p, true));
  if (p.timeWeightedReturnPercent !== null) lines.push(versus(p, writing.yesNo && writing.focus === 'returns'));
  else if (writing.focus === 'returns') lines.push(`There is not enough ledger history to compute a return for ${RANGE_WORDS[p.range] ?? 'that range'}.`);
  const details: string[] = [];
  if (p.moneyWeightedReturnAnnualPercent !== null)
    details.push(`- **Money-weighted return** (counting when money went in and out): ${signed(p.moneyWeightedReturnAnnualPercent)} a year.`);
  details.push(`- **Value:** ${money(p.startValue)} at the start, ${money(p.endValue)} at the end${p.netFlows !== null && p.netFlows !== 0 ? `, with ${money(Math.abs(p.netFlows))} ${p.netFlows > 0 ? 'added' : 'taken out'}` : ''}.`);
  if (p.benchmark.valueWithSameFlows !== null)
    details.push(`- **The same money in ${p.benchmark.symbol}** would be worth ${money(p.benchmark.valueWithSameFlows)}.`);
  if (p.realisedGain !== null && p.realisedGain !== 0)
    details.push(`- **Realised ${p.realisedGain > 0 ? 'gains' : 'losses'}:** ${money(Math.abs(p.realisedGain))}.`);
  if (writing.focus === 'returns' && p.dividendsReceived !== 0) details.push(`- ${dividendsLine(p, false)}`);
  lines.push(details.join('\n'));
  lines.push(`_${p.basis}_`);
  return lines.join('\n\n');
}
