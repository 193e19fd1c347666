import type { Intent } from './intents/labels';
import type { Plan } from './plan';
import type { Reading } from './reading';

/**
 * A message read in its conversation: a follow-up takes the previous answer's intent and what it left unsaid
 * ('And MSFT?' asks the same about MSFT; 'And over 5 years?' the same over 5 years); 'it', 'both' and 'the two'
 * mean every symbol the conversation last named, and the chart in view only when the conversation named none or
 * the message says 'this stock'. A question that cannot be told, or names no known symbol, becomes a question back.
 */

/** Intents answered without any symbol. */
const NO_SYMBOL = new Set<Intent>([
  'movers_gainers',
  'movers_losers',
  'movers_both',
  'term',
  'search',
  'portfolio_summary',
  'portfolio_review',
  'portfolio_actions',
  'portfolio_performance',
  'portfolio_dividends',
  'market_hours',
  'greeting',
  'off_topic',
  'options',
  'insiders',
  'taxes',
]);

/** Intents about one stock's figures over time: several symbols turn them into a comparison. */
const COMPARABLE = new Set<Intent>(['performance', 'risk', 'outlook', 'overview', 'fundamentals']);

/** Below this share of known words a message is noise ('blorp the zibble'). */
const MIN_KNOWN = 0.5;

export interface Context {
  viewingSymbol: string | null;
  previous: Plan | null;
}

function emptyPlan(reading: Reading): Plan {
  return {
    intent: 'unclear',
    unclear: 'nothing',
    symbols: [],
    symbolsFrom: null,
    guesses: reading.symbols.guesses,
    unsure: reading.symbols.unsure,
    range: reading.dates.range,
    period: reading.dates.period,
    day: reading.dates.day,
    horizon: reading.dates.horizon,
    allTime: reading.dates.allTime,
    amount: null,
    terms: reading.terms.map((t) => t.entry),
    focus: null,
    table: reading.table,
    yesNo: reading.yesNo,
    language: reading.language,
    searchQuery: reading.searchQuery,
    question: reading.question,
  };
}

const hasPeriod = (p: Pick<Plan, 'range' | 'period' | 'allTime'>) => p.range !== null || p.period !== null || p.allTime;

export function resolve(reading: Reading, context: Context): Plan {
  const plan = emptyPlan(reading);
  const { previous } = context;
  const named = reading.symbols.symbols;
  let intent = reading.intent;

  // Noise: mostly words no paraphrase uses, and nothing recognisable.
  const words = reading.question.split(/\s+/).filter(Boolean).length;
  if (intent === null || (named.length === 0 && intent !== 'greeting' && tooUnknown(reading, words))) {
    if (named.length === 0 && !reading.symbols.unsure.length) return plan;
    intent = intent ?? 'overview';
  }

  // A follow-up repeats the previous question's kind of answer, with what it changes.
  if (intent === 'followup') {
    intent = previous && previous.intent !== 'unclear' ? previous.intent : named.length ? 'overview' : null;
    if (intent === null) return plan;
    if (previous) inherit(plan, previous);
  } else if (previous && previous.intent === intent && named.length === 0 && !hasPeriod(plan)) {
    // 'Forecast it' after a forecast of another horizon keeps what the message leaves unsaid.
    inherit(plan, previous);
  }
  plan.intent = intent;

  // The subject.
  const previousSymbols = previous?.symbols ?? [];
  if (named.length) {
    plan.symbols = [...named];
    plan.symbolsFrom = 'question';
    // 'Compare it with AAPL', 'And Intel?' after a comparison: the conversation's symbols stay in.
    const addsToComparison =
      (intent === 'compare' && named.length === 1 && (reading.refersTo !== null || reading.intent === 'followup')) ||
      (reading.intent === 'followup' && previous?.intent === 'compare');
    if (addsToComparison && previousSymbols.length) {
      plan.symbols = [...previousSymbols, ...named.filter((s) => !previousSymbols.includes(s))];
    } else if (intent === 'compare' && named.length === 1 && previousSymbols.length && !previousSymbols.includes(named[0])) {
      plan.symbols = [...previousSymbols, ...named];
    }
  } else if (!NO_SYMBOL.has(intent) || intent === 'portfolio_performance') {
    const fromChart = context.viewingSymbol !== null && (reading.refersTo === 'chart' || previousSymbols.length === 0);
    if (fromChart) {
      plan.symbols = [context.viewingSymbol!];
      plan.symbolsFrom = 'viewing';
    } else if (previousSymbols.length && previous?.intent !== 'portfolio_performance') {
      plan.symbols = [...previousSymbols];
      plan.symbolsFrom = 'history';
    }
    if (intent === 'portfolio_performance') {
      plan.symbols = [];
      plan.symbolsFrom = null;
    }
  }

  if (reading.symbols.unsure.length && !NO_SYMBOL.has(intent)) {
    plan.intent = 'unclear';
    plan.unclear = 'which-symbol';
    return plan;
  }
  if (plan.symbols.length === 0 && !NO_SYMBOL.has(intent)) {
    plan.intent = 'unclear';
    plan.unclear = 'no-symbol';
    return plan;
  }

  if (plan.symbols.length >= 2 && COMPARABLE.has(intent)) plan.intent = 'compare';
  if (plan.intent === 'compare' && plan.symbols.length < 2) plan.intent = reading.second === 'compare' ? 'overview' : (reading.second ?? 'overview');
  if (plan.intent === 'portfolio_holding' && plan.symbols.length === 0) plan.intent = 'portfolio_summary';
  plan.focus = plan.terms.some((t) => t.term === 'P/E ratio')
    ? 'pe'
    : plan.terms.some((t) => t.term === 'Market capitalization')
      ? 'cap'
      : null;
  plan.unclear = null;
  return plan;
}

function tooUnknown(reading: Reading, words: number): boolean {
  return words > 0 && reading.terms.length === 0 && reading.dates.spans.length === 0 && reading.knownShare < MIN_KNOWN;
}

/** What a follow-up leaves unsaid, from the previous question: its period, horizon, amount, terms. */
function inherit(plan: Plan, previous: Plan): void {
  if (!hasPeriod(plan) && !plan.day) {
    plan.range = previous.range;
    plan.period = previous.period;
    plan.allTime = previous.allTime;
    plan.day = previous.day;
  }
  plan.horizon ??= previous.horizon;
  plan.amount ??= previous.amount;
  if (plan.terms.length === 0) plan.terms = previous.terms;
}
