import type { PortfolioPerformanceData, PortfolioPerformanceToolData } from '../../tools/portfolioData';
import { day, list, money, pct, upDown } from '../prose';
import { escapeMarkdown } from '../userText';

/**
 * The portfolio's returns over a range (portfolio_performance), in paragraphs: what was asked first (the
 * time-weighted return against the benchmark; the dividends received; the realised and unrealised gains; the
 * money-weighted return), then the other figures of the range. A figure the ledger could not compute (null) is left
 * out, never written as zero.
 */

export type PerformanceFocus = 'returns' | 'dividends' | 'gains' | 'money-weighted' | 'profit';

const RANGE_WORDS: Record<string, string> = {
  '1M': 'over the past month',
  '3M': 'over the past three months',
  '6M': 'over the past six months',
  YTD: 'so far this year',
  '1Y': 'over the past year',
  '3Y': 'over the past three years',
  '5Y': 'over the past five years',
  ALL: 'since your first activity',
};

const signed = (v: number) => `${upDown(v)} ${pct(v)}`;
const when = (p: PortfolioPerformanceToolData) => RANGE_WORDS[p.range] ?? `from ${day(p.from)} to ${day(p.to)}`;

function versus(p: PortfolioPerformanceToolData, yesNo: boolean): string | null {
  const twr = p.timeWeightedReturnPercent;
  if (twr === null) return null;
  const bench = p.benchmark.twrPercent;
  const name = `**${escapeMarkdown(p.portfolio.name)}**`;
  if (bench === null) return `${name} is ${signed(twr)} ${when(p)} (time-weighted return).`;
  const beat = twr > bench;
  const opener = yesNo ? (beat ? 'Yes: ' : 'No: ') : '';
  const gap =
    p.versusBenchmarkPercent !== null && twr !== bench
      ? ` by ${Math.abs(p.versusBenchmarkPercent).toFixed(2)} percentage points`
      : '';
  return (
    `${opener}${name} is ${signed(twr)} ${when(p)} (time-weighted return), against ${signed(bench)} for ` +
    `${p.benchmark.symbol} over the same days, so it ${beat ? 'beat' : twr === bench ? 'matched' : 'trailed'} the benchmark${gap}.`
  );
}

function dividends(p: PortfolioPerformanceToolData, yesNo: boolean): string {
  const span = `(${day(p.from)} to ${day(p.to)})`;
  if (p.dividendsReceived === 0) return `${yesNo ? 'No: y' : 'Y'}ou received no dividends ${when(p)} ${span}.`;
  const payers = [...new Set(p.dividendPayments.map((d) => d.symbol))];
  return (
    `${yesNo ? 'Yes: y' : 'Y'}ou received **${money(p.dividendsReceived)}** in dividends ${when(p)} ${span}` +
    `${payers.length ? `, from ${list(payers.map((s) => `**${s}**`))}` : ''}.`
  );
}

function gains(p: PortfolioPerformanceToolData): string | null {
  if (p.realisedGain === null || p.unrealisedGain === null) return null;
  const word = (v: number, kind: string) => `${money(Math.abs(v))} of ${kind} ${v >= 0 ? 'gains' : 'losses'}`;
  return `${when(p)[0].toUpperCase()}${when(p).slice(1)}, you had ${word(p.realisedGain, 'realised')} (from sales) and ${word(p.unrealisedGain, 'unrealised')} (on what you still hold).`;
}

function profit(p: PortfolioPerformanceToolData): string | null {
  if (p.gain === null) return null;
  return `You ${p.gain >= 0 ? 'made' : 'lost'} **${money(Math.abs(p.gain))}** ${when(p)}: the portfolio went from ${money(p.startValue)} to ${money(p.endValue)}${p.netFlows !== null && p.netFlows !== 0 ? `, with ${money(Math.abs(p.netFlows))} ${p.netFlows > 0 ? 'added' : 'taken out'}` : ''}.`;
}

function moneyWeighted(p: PortfolioPerformanceToolData): string | null {
  if (p.moneyWeightedReturnAnnualPercent === null) return null;
  return `Your money-weighted return ${when(p)} is ${signed(p.moneyWeightedReturnAnnualPercent)} a year: it counts when your money went in and out, unlike the time-weighted return.`;
}

export function writePortfolioPerformance(
  data: PortfolioPerformanceData,
  writing: { focus: PerformanceFocus; yesNo: boolean },
): string {
  if (!data.hasPortfolio) return data.message;
  const p = data;
  const first =
    writing.focus === 'dividends'
      ? dividends(p, writing.yesNo)
      : writing.focus === 'gains'
        ? gains(p)
        : writing.focus === 'money-weighted'
          ? moneyWeighted(p)
          : writing.focus === 'profit'
            ? profit(p)
            : null;
  const parts = [first ?? versus(p, writing.yesNo) ?? `There is not enough ledger history for a return ${when(p)}.`];
  if (first) {
    const returns = versus(p, false);
    if (returns) parts.push(returns);
  }
  const more: string[] = [];
  if (writing.focus !== 'money-weighted') {
    const mwr = moneyWeighted(p);
    if (mwr) more.push(mwr);
  }
  more.push(
    `The portfolio went from ${money(p.startValue)} to ${money(p.endValue)}${p.netFlows !== null && p.netFlows !== 0 ? `, with ${money(Math.abs(p.netFlows))} ${p.netFlows > 0 ? 'added' : 'taken out'}` : ''}` +
      `${p.benchmark.valueWithSameFlows !== null ? `; the same money in ${p.benchmark.symbol} would be worth ${money(p.benchmark.valueWithSameFlows)}` : ''}.`,
  );
  if (writing.focus !== 'gains' && p.realisedGain !== null && p.realisedGain !== 0)
    more.push(`Realised ${p.realisedGain > 0 ? 'gains' : 'losses'} from sales: ${money(Math.abs(p.realisedGain))}.`);
  if (writing.focus !== 'dividends' && p.dividendsReceived !== 0)
    more.push(`Dividends received: ${money(p.dividendsReceived)}.`);
  parts.push(more.join(' '));
  parts.push(`_${p.basis}_`);
  return parts.join('\n\n');
}
