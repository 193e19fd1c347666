import type { Findings } from './findings';
import type { Plan } from './plan';
import { list } from './prose';
import { writeCompare } from './writers/compare';
import { writeDividends, writeDividendsOfSeveral, type DividendFocus } from './writers/dividends';
import { writeEarnings, writeEarningsOfSeveral } from './writers/earnings';
import { writeForecast } from './writers/forecast';
import { writeFundamentals } from './writers/fundamentals';
import { writeGrowth } from './writers/growth';
import { writeHolding } from './writers/holding';
import { writeMarketHours } from './writers/marketHours';
import { writeMovers } from './writers/movers';
import { writeOutlook } from './writers/outlook';
import { writeOverview } from './writers/overview';
import { writePerformance } from './writers/performance';
import { writePortfolio } from './writers/portfolio';
import { writePortfolioPerformance, type PerformanceFocus } from './writers/portfolioPerformance';
import { writePositionAdvice } from './writers/positionAdvice';
import { writePrice } from './writers/price';
import { writeProfile } from './writers/profile';
import { writeRisk } from './writers/risk';
import { writeSearch } from './writers/search';
import { writeSignals } from './writers/signals';
import { writeTerm } from './writers/term';
import { writeTrend } from './writers/trend';
import { writeWhy } from './writers/why';

/** The answer proper, one section per symbol or part, written by the intent's writer from what the tools found. */

const CAPABILITIES = [
  "a stock's price and today's move",
  'what a company does',
  "the day's biggest movers",
  'its rating and the reasons behind it',
  'trend, moving averages and buy or sell signals',
  'volatility and drawdowns',
  'performance over any period',
  'side-by-side comparisons',
  'what an amount invested back then would be worth',
  'whether the market is open',
  'hypothetical forecast ranges',
  'what an investing term means',
];
const PORTFOLIO_CAPABILITY = 'how your portfolio is doing and its returns';

export function capabilities(options: { hasPortfolioTool: boolean }): string {
  return `I can help with ${list(options.hasPortfolioTool ? [...CAPABILITIES, PORTFOLIO_CAPABILITY] : CAPABILITIES)}.`;
}

const UNSUPPORTED: Partial<Record<Plan['intent'], string>> = {
  options: "I can't help with options: I have no options data.",
  insiders: "I can't help with ownership and insider trades: I have no ownership or insider-trading data.",
  taxes: "I can't help with taxes: I cannot give tax advice.",
  off_topic: 'I only answer questions about stocks, funds and the markets.',
};

/** 'Is the market open now?' (this moment) rather than 'today' (a trading day). */
const ASKS_NOW =
  /\b(now|right now|at the moment|currently|jetzt|gerade|ahora|maintenant|en ce moment|adesso|ora|nu)\b/i;

/** 'When was the last earnings report?' asks about the past one. */
const LAST = /\b(last|previous|latest|most recent|letzte[nr]?|último|dernier|ultim[oa]|laatste)\b/i;

/** What a dividend question asks first: whether it pays, when next, its history, else its yield. */
function dividendFocus(plan: Plan): DividendFocus {
  if (
    plan.yesNo &&
    /\b(pay|pays|paying|payer|zahlt|paga|verse|paie|betaalt)\b|\bdividend (stock|share|name)\b|\b(have|offer|give)s? (a |any )?dividends?\b/i.test(
      plan.question,
    )
  )
    return 'pays';
  const history =
    /\b(history|past|payments|historie|historial|historique|storico)\b|\b(list|last|recent|previous) (\w+ )?dividends\b/i;
  if (history.test(plan.question) || plan.table) return 'history';
  if (
    /\b(when|next|date|ex-?div\w*|wann|nächste|cuándo|próximo|quand|prochain|quando|prossimo|wanneer|volgende)\b/i.test(
      plan.question,
    )
  )
    return 'next';
  return 'yield';
}

/** The days a yes-or-no earnings question names ('this week', 'this quarter'), or none. */
function periodWithin(plan: Plan, today: string): { from: string; to: string } | null {
  if (plan.period) return { from: plan.period.from, to: plan.period.to };
  if (plan.range === '5D') {
    const d = new Date(`${today}T00:00:00Z`);
    const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
    const sunday = new Date(monday.getTime() + 6 * 86_400_000);
    return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
  }
  return null;
}

/** 'When does the market open?' or '… close?': a time asked for, not a yes or no. */
function asksWhen(question: string): 'open' | 'close' | null {
  if (
    !/\b(when|what time|how long until|wann|um wie viel uhr|cuándo|a qué hora|quand|à quelle heure|quando|a che ora|wanneer|hoe laat)\b/i.test(
      question,
    )
  )
    return null;
  return /\b(close|closes|closing|end|ends|shut|schließt|schliesst|cierra|ferme|chiude|sluit)\b/i.test(question)
    ? 'close'
    : 'open';
}

/** Which of the portfolio's figures a returns question asks for first. */
function performanceFocus(plan: Plan): PerformanceFocus {
  if (plan.terms.some((t) => t.term === 'money-weighted return' || t.term === 'xirr')) return 'money-weighted';
  if (/\b(reali[sz]ed|unreali[sz]ed|gains?|losses)\b/i.test(plan.question) && !/\breturns?\b/i.test(plan.question))
    return 'gains';
  if (/\bhow much (money )?(have|did|do) (i|we) (make|made|earn|earned|lose|lost)\b|\bprofits?\b/i.test(plan.question))
    return 'profit';
  return 'returns';
}

export interface AnswerOptions {
  hasPortfolioTool: boolean;
  today: string;
}

export function writeAnswer(plan: Plan, f: Findings, options: AnswerOptions): string[] {
  const analyses = plan.symbols.map((s) => f.analyses.get(s)).filter((a) => a !== undefined);
  const histories = plan.symbols.map((s) => f.histories.get(s)).filter((h) => h !== undefined);
  switch (plan.intent) {
    case 'price': {
      const quotes = plan.symbols.map((s) => f.quotes.get(s)).filter((q) => q !== undefined);
      return quotes.length ? [writePrice(quotes, { table: plan.table })] : [];
    }
    case 'portfolio_holding': {
      const quotes = plan.symbols.map((s) => f.quotes.get(s)).filter((q) => q !== undefined);
      return f.portfolio
        ? [writeHolding(f.portfolio, plan.symbols, quotes)]
        : noPortfolioTool(f, options, 'get_portfolio');
    }
    case 'overview':
      return analyses.map((a) => writeOverview(a, f.histories.get(a.symbol)));
    case 'about':
      return plan.symbols.flatMap((s) => {
        const profile = f.profiles.get(s);
        const analysis = f.analyses.get(s);
        return [...(profile ? [writeProfile(profile)] : []), ...(analysis ? [writeOverview(analysis)] : [])];
      });
    case 'profile':
      return plan.symbols.flatMap((s) => (f.profiles.has(s) ? [writeProfile(f.profiles.get(s)!)] : []));
    case 'why':
      return analyses.map((a) => writeWhy(a, f.histories.get(a.symbol)));
    case 'outlook':
      return analyses.map(writeOutlook);
    case 'position_advice':
      return analyses.map((a) => writePositionAdvice(a, f.portfolio));
    case 'fundamentals':
      return analyses.map((a) => writeFundamentals(a, plan.focus));
    case 'trend':
      return analyses.map(writeTrend);
    case 'signals':
      return analyses.map(writeSignals);
    case 'compare':
      return f.compare ? [writeCompare(f.compare, { focus: plan.focus })] : [];
    case 'risk':
      return histories.map(writeRisk);
    case 'performance':
      return histories.map((h) => writePerformance(h, { yesNo: plan.yesNo, text: plan.question }));
    case 'forecast': {
      const out = f.forecast ? [writeForecast(f.forecast)] : [];
      if (f.limitReached)
        out.push(
          "You have used all of today's forecast graphs, so I can't draw a new one until the daily reset at midnight UTC.",
        );
      return out;
    }
    case 'term':
      return f.terms.map(writeTerm);
    case 'search':
      return f.search ? [writeSearch(f.search)] : [];
    case 'movers_gainers':
    case 'movers_losers':
    case 'movers_both':
      return f.movers ? [writeMovers(f.movers)] : [];
    case 'portfolio_summary':
      return portfolio(plan, f, options, 'summary');
    case 'portfolio_review':
      return portfolio(plan, f, options, 'review');
    case 'portfolio_actions':
      return portfolio(plan, f, options, 'actions');
    case 'portfolio_performance':
    case 'portfolio_dividends':
      if (f.portfolioPerformance) {
        const focus = plan.intent === 'portfolio_dividends' ? 'dividends' : performanceFocus(plan);
        return [writePortfolioPerformance(f.portfolioPerformance, { focus, yesNo: plan.yesNo })];
      }
      return noPortfolioTool(f, options, 'portfolio_performance');
    case 'market_hours':
      return f.marketHours
        ? [
            writeMarketHours(f.marketHours, {
              today: options.today,
              asksNow: ASKS_NOW.test(plan.question),
              asksWhen: asksWhen(plan.question),
            }),
          ]
        : [];
    case 'investment_growth':
      if (f.growth) return [writeGrowth(f.growth, { today: options.today, amountWritten: plan.amountWritten })];
      return plan.amount === null
        ? [
            'How much money do you mean, and from when? For example: "What would $10,000 in AAPL five years ago be worth now?"',
          ]
        : [];
    case 'dividends': {
      const all = plan.symbols.map((s) => f.dividends.get(s)).filter((d) => d !== undefined);
      if (all.length > 1) return [writeDividendsOfSeveral(all)];
      return all.map((d) => writeDividends(d, { focus: dividendFocus(plan), table: plan.table }));
    }
    case 'earnings': {
      const all = plan.symbols.map((s) => f.earnings.get(s)).filter((e) => e !== undefined);
      if (all.length > 1) return [writeEarningsOfSeveral(all)];
      const focus = LAST.test(plan.question) ? 'last' : 'next';
      return all.map((e) => writeEarnings(e, { focus, yesNo: plan.yesNo, within: periodWithin(plan, options.today) }));
    }
    case 'greeting':
      return [
        `Hello! ${capabilities(options)} Ask me, for example, how a company is doing today or what its outlook is.`,
      ];
    case 'off_topic':
    case 'options':
    case 'insiders':
    case 'taxes':
      return [UNSUPPORTED[plan.intent]!, capabilities(options)];
    default:
      return [];
  }
}

function portfolio(
  _plan: Plan,
  f: Findings,
  options: AnswerOptions,
  depth: 'summary' | 'review' | 'actions',
): string[] {
  if (f.portfolio) return [writePortfolio(f.portfolio, { depth, symbols: [] })];
  return noPortfolioTool(f, options, 'get_portfolio');
}

function noPortfolioTool(f: Findings, options: AnswerOptions, tool: string): string[] {
  if (!options.hasPortfolioTool)
    return [
      "I can't see your portfolios here. Open the Portfolio page for their value and gains, or ask me about any of their stocks.",
    ];
  if (!f.failures.some((x) => x.tool === tool)) return ['I could not read your portfolio just now.'];
  return [];
}
