import type { Period } from './entities/dates';
import { daysBetween } from './entities/days';
import type { Plan } from './plan';

/**
 * The tool calls that answer a plan, in the order the writers use them: the same calls a model would make, with
 * the arguments the tools' schemas name (the contract the evaluation set checks).
 */

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
}

/** At most this many symbols get their own per-symbol reading in one answer. */
export const MAX_SYMBOLS = 3;

const call = (name: string, args: Record<string, unknown> = {}): ToolCall => ({ name, args });

/** A history tool's period: the named range, or explicit dates. */
function period(plan: Plan, fallback: string): Record<string, unknown> {
  if (plan.period) return { from: plan.period.from, to: plan.period.to };
  return { range: plan.range ?? fallback };
}

/** Funds that stand for an index as a portfolio's benchmark (an index itself has no price with dividends). */
const BENCHMARK_OF: Record<string, string> = {
  '^GSPC': 'SPY',
  VOO: 'VOO',
  '^IXIC': 'QQQ',
  '^NDX': 'QQQ',
  '^DJI': 'DIA',
  '^RUT': 'IWM',
};

/** The portfolio tool's range nearest to what was asked (its ranges: 1M 3M 6M YTD 1Y 3Y 5Y ALL). */
export function portfolioRange(plan: Pick<Plan, 'range' | 'period' | 'allTime'>, today: string): string {
  if (plan.allTime) return 'ALL';
  if (plan.range) return plan.range === '5D' ? '1M' : plan.range;
  if (plan.period) return rangeOfPeriod(plan.period, today);
  return '1Y';
}

function rangeOfPeriod(p: Period, today: string): string {
  if (p.from === `${today.slice(0, 4)}-01-01`) return 'YTD';
  const days = daysBetween(p.from, p.to < today ? p.to : today);
  const choices: [number, string][] = [
    [31, '1M'],
    [92, '3M'],
    [183, '6M'],
    [366, '1Y'],
    [3 * 366, '3Y'],
    [5 * 366, '5Y'],
  ];
  return choices.find(([limit]) => days <= limit)?.[1] ?? 'ALL';
}

export function toolCalls(plan: Plan, today: string): ToolCall[] {
  const symbols = plan.symbols.slice(0, MAX_SYMBOLS);
  const each = (name: string, extra: Record<string, unknown> = {}) =>
    symbols.map((symbol) => call(name, { symbol, ...extra }));
  switch (plan.intent) {
    case 'price':
      return [call('get_quote', { symbols: plan.symbols.slice(0, 10) })];
    case 'overview':
      return symbols.flatMap((symbol) => [
        call('get_analysis', { symbol }),
        call('get_history_summary', { symbol, ...period(plan, '1Y') }),
      ]);
    case 'about':
      return symbols.flatMap((symbol) => [call('get_company_profile', { symbol }), call('get_analysis', { symbol })]);
    case 'profile':
      return each('get_company_profile');
    case 'why':
      return symbols.flatMap((symbol) => [
        call('get_analysis', { symbol }),
        call('get_history_summary', { symbol, ...period(plan, '5D') }),
      ]);
    case 'outlook':
    case 'fundamentals':
    case 'trend':
    case 'signals':
      return each('get_analysis');
    case 'position_advice':
      return [...each('get_analysis'), call('get_portfolio')];
    case 'compare':
      return [call('compare', { symbols: plan.symbols.slice(0, 5), ...period(plan, '1Y') })];
    case 'risk':
    case 'performance':
      return each('get_history_summary', period(plan, '1Y'));
    case 'forecast':
      return each('forecast', { horizon: plan.horizon ?? '1M' });
    case 'term':
      return plan.terms.slice(0, 3).map((t) => call('explain_term', { term: t.term }));
    case 'search':
      return plan.searchQuery ? [call('search_symbols', { query: plan.searchQuery })] : [];
    case 'movers_gainers':
      return [call('market_movers', { direction: 'gainers' })];
    case 'movers_losers':
      return [call('market_movers', { direction: 'losers' })];
    case 'movers_both':
      return [call('market_movers', { direction: 'both' })];
    case 'portfolio_summary':
    case 'portfolio_review':
    case 'portfolio_actions':
      return [call('get_portfolio')];
    case 'portfolio_holding':
      return [call('get_quote', { symbols: plan.symbols.slice(0, 10) }), call('get_portfolio')];
    case 'portfolio_performance':
    case 'portfolio_dividends': {
      const benchmark = plan.symbols.map((s) => BENCHMARK_OF[s] ?? s).find((s) => s !== 'SPY');
      return [
        call('portfolio_performance', { range: portfolioRange(plan, today), ...(benchmark ? { benchmark } : {}) }),
      ];
    }
    case 'market_hours': {
      const day = plan.dayAhead ?? plan.day;
      return [call('market_hours', day && day !== today ? { date: day } : {})];
    }
    case 'investment_growth': {
      // 'Worth now' names today, which is when it is valued, not when it was bought ('… in 2020 be worth now').
      const day = plan.day && plan.day !== today ? plan.day : null;
      const from = day ?? plan.period?.from ?? plan.day;
      if (!from || plan.amount === null) return [];
      // 'Sold at the end of 2023': a period after the day invested ends the investment.
      const ends = plan.period && (plan.period.kind === 'span' || (day !== null && plan.period.from > day));
      const to = ends && plan.period!.to < today ? plan.period!.to : undefined;
      return [call('investment_growth', { symbol: plan.symbols[0], amount: plan.amount, from, ...(to ? { to } : {}) })];
    }
    case 'dividends':
      return each('get_dividends');
    case 'earnings':
      return each('get_earnings');
    default:
      return [];
  }
}
