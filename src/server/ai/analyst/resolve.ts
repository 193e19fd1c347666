import { horizonOfDays } from './entities/dates';
import { daysBetween } from './entities/days';
import type { Intent } from './intents/labels';
import type { Plan } from './plan';
import type { Reading } from './reading';

/**
 * A message read in its conversation: a follow-up takes the previous answer's intent and what it left unsaid
 * ('And MSFT?' asks the same about MSFT; 'And over 5 years?' the same over 5 years); 'it' and 'them' mean every
 * symbol the previous question was about, 'both' and 'the two' the last two named, 'the first one' and 'the other
 * one' the one in that place; the chart in view only when the conversation named none or the message says 'this
 * stock'. A question that cannot be told, or names no known symbol, becomes a question back.
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

/** Intents about one stock's figures: several symbols turn them into a comparison. */
const COMPARABLE = new Set<Intent>(['performance', 'risk', 'outlook', 'overview', 'fundamentals']);

/** Answers about today whose follow-up with a period asks how the stock did over it ('and since January?'). */
const TODAY = new Set<Intent>(['overview', 'price', 'about', 'outlook']);

const GREETING_WORDS =
  /\b(hi|hello|hey|yo|howdy|greetings|good (morning|afternoon|evening)|thanks|thank you|cheers|help|what can you do|what do you do|who are you|how (can|does) (you|this)|ok|okay|cool|great|nice|got it|awesome|perfect|hallo|guten tag|hola|buenos días|bonjour|salut|ciao|buongiorno|hoi|goedemorgen|danke|gracias|merci|grazie|bedankt|olá|oi|bom dia|obrigad[oa])\b/i;

/** Below this share of known words a message is noise ('blorp the zibble'). */
const MIN_KNOWN = 0.5;

/** Words about paying shareholders: a choice among stocks by these is a choice by their dividends. */
const PAYS_OUT = /\b(pays?|paying|pay ?outs?|yields? more|higher[- ]yielding|better yield)\b/i;

/** Asking what was made or lost, in money. */
const MADE_IN_ALL = /\bhow much\b.*\b(?:made|make|earned|gained|lost)\b/i;

/** Words that ask which is cheaper or dearer: a valuation comparison, read by P/E. */
const VALUATION =
  /\b(cheap\w*|expensive|pricier|valuation|valued|overvalued|undervalued|p\/?e|(?:earnings )?multiples?|price[- ]to[- ]earnings|kgv|teurer|günstiger|billiger|duurder|goedkoper)\b|\b(?:más|plus|moins|più|meno) (?:cara|caro|barata|barato|chère|cher|economica|economico)\b/i;

/** Cheaper or dearer, said of a stock. */
const CHEAPER_OR_DEARER =
  /\b(cheaper|cheapest|more expensive|most expensive|pricier|dearer|overvalued|undervalued)\b|\b(?:más|plus|moins|più|meno) (?:cara|caro|barata|barato|chère|cher|economica|economico)\b|\b(?:teurer|günstiger|billiger|duurder|goedkoper)\b/i;
/** Answers about one figure of each stock that a valuation question among several is not. */
const BY_VALUATION = new Set<Intent>(['earnings', 'price', 'performance', 'why']);

export interface Context {
  viewingSymbol: string | null;
  previous: Plan | null;
}

function emptyPlan(reading: Reading, previous: Plan | null): Plan {
  return {
    intent: 'unclear',
    unclear: 'nothing',
    symbols: [],
    mentioned: previous?.mentioned ?? [],
    group: previous?.group ?? [],
    symbolsFrom: null,
    guesses: reading.symbols.guesses,
    unsure: reading.symbols.unsure,
    range: reading.dates.range,
    period: reading.dates.period,
    day: reading.dates.day,
    dayAhead: reading.dates.dayAhead,
    horizon: reading.dates.horizon,
    allTime: reading.dates.allTime,
    amount: null,
    amountWritten: null,
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

/** The symbols an earlier-referring message means, from the conversation. */
function referred(reading: Reading, previous: Plan | null): string[] {
  const before = previous?.symbols ?? [];
  const mentioned = previous?.mentioned ?? [];
  const ref = reading.refersTo;
  if (!ref) return reading.intent === 'compare' ? chosenAmong(reading, before, mentioned) : before;
  switch (ref.kind) {
    case 'two':
      return before.length >= 2 ? before.slice(0, 2) : mentioned.slice(-2);
    case 'place': {
      const group = previous?.group ?? [];
      const list = before.length >= 2 ? before : group.length >= 2 ? group : mentioned;
      const one = ref.index < 0 ? list[list.length + ref.index] : list[ref.index];
      return one ? [one] : before;
    }
    case 'other': {
      const others = mentioned.filter((s) => !before.includes(s));
      return others.length ? [others[others.length - 1]] : before;
    }
    case 'several':
      return chosenAmong(reading, before, mentioned);
    default:
      return before;
  }
}

/**
 * 'Compare them', 'which of them …', 'which is cheaper' after one question per stock: a choice among several
 * means the last ones named (as many as the message counts, else two), not the one just asked about.
 */
function chosenAmong(reading: Reading, before: string[], mentioned: string[]): string[] {
  if (before.length >= 2 || mentioned.length < 2 || !CHOOSES.test(reading.question)) return before;
  const count = /\b(three|3)\b/i.test(reading.question)
    ? 3
    : /\b(four|4)\b/i.test(reading.question)
      ? 4
      : /\ball\b/i.test(reading.question)
        ? 5
        : 2;
  return mentioned.slice(-count);
}

/** A term owned by what was named before ('their dividend yields', "its p/e"): the possessive right before it. */
const ownedTerm = (reading: Reading) =>
  reading.terms.some((t) =>
    /\b(its|their)\s+$/i.test(reading.question.slice(Math.max(0, t.span.start - 8), t.span.start)),
  );

/** References that count in a list of symbols named before. */
const POINTS_AT_LIST = new Set(['other', 'place', 'two']);

/** References to more than one symbol. */
const PLURAL = new Set(['several', 'two']);

/** How a question asking for a definition opens, up to where its term starts. */
const DEFINITION_OPENER =
  /^\s*(?:(?:ok|okay|so|alright|right|quick question)[,:]?\s+)*(?:(?:what(?:'s|’s|s| is| are)|whats)\s+(?:an?|the meaning of an?)|define|definition of)\s+$/i;

/**
 * The definition asked inside another clause ('could you tell me what dollar-cost averaging is, my dad …', 'i never
 * understood what beta means'): 'what' right before the term, 'is', 'are' or 'means' right after it.
 */
const ASKS_WHAT =
  /\b(?:tell me|explain(?: to me)?|know|wondering|understand|understood|sure|idea|clue|remind me|learn)\s+what\s+(?:an?\s+)?$/i;
const IS_OR_MEANS = /^\s*(?:is|are|means|mean|stands for|actually is|really is|really means)\b/i;

function opensWithDefinition(reading: Reading): boolean {
  const first = reading.terms[0];
  if (first === undefined) return false;
  const before = reading.question.slice(0, first.span.start);
  const after = reading.question.slice(first.span.end);
  if (ASKS_WHAT.test(before) && IS_OR_MEANS.test(after)) return true;
  // The term ends the question or its first clause ('what is a stock split and why …'), not 'what is an ETF that …'.
  return (
    DEFINITION_OPENER.test(before) &&
    /^\s*(?:$|[?.!,;:]|and\b|or\b|vs\b|versus\b|mean\b|please\b|pls\b|plz\b|thanks\b)/i.test(after)
  );
}

/** Words that ask to weigh several things against each other. */
const CHOOSES =
  /\b(compare|comparison|which|better|worse|versus|vs\.?|against|between|side by side|next to each other|head to head|stack up|measure up)\b/i;

/** An everyday word where the stock's name would be, in a question that names no term either. */
const strangeName = (reading: Reading) => reading.strangeWords.length > 0 && reading.terms.length === 0;

/** Words between two terms when the second only places the first ('… mean for an ETF', '… in my portfolio'). */
const QUALIFIER = /\b(?:for|in|of|on|with|inside) (?:a|an|the|my|your|this)?\s*$/i;
const LOOKS_AHEAD =
  /\b(?:will|is going to) (?:it|that|this|they|i|my \w+) (?:be worth|have|grow|become)\b(?![\s\S]*\bago\b)/i;

export function resolve(reading: Reading, context: Context): Plan {
  const { previous } = context;
  const plan = emptyPlan(reading, previous);
  const named = reading.symbols.symbols;
  let intent = reading.intent;

  // 'What is a stock split and why …', 'whats a dividend yield' with a chart in view: a question that opens by
  // asking what a term is, with an article no stock's figure takes ('a', 'an'), or 'define …', asks its definition.
  if (named.length === 0 && opensWithDefinition(reading)) intent = 'term';

  // Noise: mostly words no paraphrase uses, and nothing recognisable.
  const words = reading.question.split(/\s+/).filter(Boolean).length;
  if (intent === null || (named.length === 0 && intent !== 'greeting' && tooUnknown(reading, words))) {
    if (named.length === 0 && !reading.symbols.unsure.length) return plan;
    intent = intent ?? 'overview';
  }

  // A follow-up repeats the previous question's kind of answer, with what it changes.
  const usable = previous && previous.intent !== 'unclear' ? previous : null;
  // 'The other one', 'the second one', 'the two' when the conversation has named no stock: nothing to point at,
  // whatever the rest of the message reads like.
  if (
    named.length === 0 &&
    POINTS_AT_LIST.has(reading.refersTo?.kind ?? '') &&
    !(usable?.mentioned.length ?? 0) &&
    !intent?.startsWith('portfolio')
  )
    return { ...plan, intent: 'unclear', unclear: 'no-symbol' };
  if (intent === 'followup') {
    // With nothing before it, a message of names ('ok so AMD') asks how they are doing; with a period, how they did.
    intent = usable ? (usable.intent as Intent) : named.length ? (hasPeriod(plan) ? 'performance' : 'overview') : null;
    if (intent === null) return plan;
    if (usable) {
      // 'And since January?' after 'How is Netflix doing?': how it did over that period.
      if (TODAY.has(intent) && named.length === 0 && (hasPeriod(plan) || plan.day)) intent = 'performance';
      inherit(plan, usable);
      // 'Same question for Pepsi' after 'does Coca-Cola pay dividends?': the same question, so a yes or a no again,
      // about what the earlier words asked (whether it pays, when next, the last report); the answers read those
      // from the question's text, so the earlier text goes with the new one.
      if (intent === usable.intent) {
        plan.yesNo ||= usable.yesNo;
        plan.question = `${usable.question}\n${reading.question}`;
      }
    }
  } else if (
    usable &&
    (leansOnPrevious(reading) ||
      (usable.intent === intent && named.length === 0) ||
      // 'add GM' to a comparison over a period: the same comparison, one stock more.
      (intent === 'compare' && usable.intent === 'compare' && named.length === 1))
  ) {
    // 'And compared with Ford?' after a 5-year question, 'forecast it' after a forecast: what the message leaves
    // unsaid stays as it was (a period is never changed without saying so).
    inherit(plan, usable);
  }
  // 'What are their dividend yields?', 'what's its p/e': a term asked of stocks pointed at is their figure, not the
  // definition; the classifier's runner-up says which.
  if (
    intent === 'term' &&
    named.length === 0 &&
    ownedTerm(reading) &&
    (usable?.symbols.length || context.viewingSymbol) &&
    reading.second &&
    !NO_SYMBOL.has(reading.second) &&
    reading.second !== 'followup'
  )
    intent = reading.second;
  plan.intent = intent;

  // The subject.
  const previousSymbols = usable?.symbols ?? [];
  if (named.length) {
    plan.symbols = [...named];
    plan.symbolsFrom = 'question';
    // 'Compare it with AAPL', 'And Intel?' after a comparison: the conversation's symbols stay in.
    const joinsComparison =
      (intent === 'compare' && named.length === 1) || (reading.intent === 'followup' && usable?.intent === 'compare');
    if (joinsComparison && previousSymbols.length && !previousSymbols.includes(named[0])) {
      plan.symbols = [...previousSymbols, ...named.filter((s) => !previousSymbols.includes(s))];
    }
  } else if (!NO_SYMBOL.has(intent) && !reading.refersTo && (reading.unknownNames.length || strangeName(reading))) {
    // 'How did Zorblax do?', 'zoom stock price': a name the market does not list; asking back beats answering
    // about another stock.
    return {
      ...plan,
      intent: 'unclear',
      unclear: 'which-symbol',
      unsure: [{ written: reading.unknownNames[0] ?? reading.strangeWords[0], candidates: [] }],
    };
  } else if (!NO_SYMBOL.has(intent)) {
    const fromConversation = referred(reading, usable);
    const fromChart =
      context.viewingSymbol !== null && (reading.refersTo?.kind === 'chart' || fromConversation.length === 0);
    if (fromChart) {
      plan.symbols = [context.viewingSymbol!];
      plan.symbolsFrom = 'viewing';
    } else if (fromConversation.length) {
      plan.symbols = [...fromConversation];
      plan.symbolsFrom = 'history';
    }
  } else if (intent === 'portfolio_performance' || intent === 'portfolio_dividends') {
    plan.symbols = [];
  }
  plan.mentioned = [...plan.mentioned.filter((s) => !named.includes(s)), ...named];
  if (plan.symbols.length >= 2) plan.group = [...plan.symbols];

  // 'What is the ex-dividend date?' with no stock in sight: the term, rather than 'which stock?'.
  if (
    plan.symbols.length === 0 &&
    !NO_SYMBOL.has(intent) &&
    plan.terms.length &&
    !reading.unknownNames.length &&
    !reading.refersTo &&
    !leansOnPrevious(reading) &&
    !usable &&
    // 'forecast for next year': a stock's forecast, not the definition of forecast bands.
    intent !== 'forecast'
  )
    plan.intent = intent = 'term';
  // 'What do you think?' is no greeting: only words of greeting, thanks or asking for help are.
  if (intent === 'greeting' && !GREETING_WORDS.test(reading.question))
    return { ...plan, intent: 'unclear', unclear: 'nothing' };
  // A definition of no term the glossary has: there is nothing to look up.
  if (intent === 'term' && plan.terms.length === 0) return { ...plan, intent: 'unclear', unclear: 'nothing' };
  // 'What does expense ratio mean for an ETF?': the later term only places the first; it is not asked about.
  if (intent === 'term' && reading.terms.length > 1) {
    const asked = reading.terms.filter(
      (t, i) => i === 0 || !QUALIFIER.test(reading.question.slice(reading.terms[i - 1].span.end, t.span.start)),
    );
    plan.terms = asked.map((t) => t.entry);
  }
  if (reading.symbols.unsure.length && !NO_SYMBOL.has(intent))
    return { ...plan, intent: 'unclear', unclear: 'which-symbol' };
  if (plan.symbols.length === 0 && !NO_SYMBOL.has(intent)) return { ...plan, intent: 'unclear', unclear: 'no-symbol' };

  if (plan.symbols.length >= 2 && COMPARABLE.has(intent)) plan.intent = 'compare';
  // 'Who's cheaper on earnings, HD or LOW?', 'which is cheaper, AMD or INTC': of several stocks, cheaper or dearer
  // is their valuation side by side, whatever else the words name (earnings, price).
  if (plan.symbols.length >= 2 && CHEAPER_OR_DEARER.test(reading.question) && BY_VALUATION.has(plan.intent))
    plan.intent = 'compare';
  // 'Which has the higher dividend yield?': the dividends of each, side by side (compare has none). Only a term the
  // message names: 'compare the two over 6 months' after a yield question asks for the comparison itself.
  // 'Which of the two pays more?' asks the same of their dividends, after dividend answers as much as in its words.
  if (
    plan.intent === 'compare' &&
    (reading.terms.some((t) => /dividend/i.test(t.entry.term)) ||
      PAYS_OUT.test(reading.question) ||
      (usable?.intent === 'dividends' && named.length === 0 && !hasPeriod(plan) && !VALUATION.test(reading.question)))
  )
    plan.intent = 'dividends';
  // 'Compare them', 'which is better' with one stock in sight: which others is not something to guess.
  if (
    plan.intent === 'compare' &&
    plan.symbols.length < 2 &&
    named.length === 0 &&
    (PLURAL.has(reading.refersTo?.kind ?? '') || /\bwhich\b/i.test(reading.question))
  )
    return { ...plan, intent: 'unclear', unclear: 'no-symbol' };
  if (plan.intent === 'compare' && plan.symbols.length < 2) plan.intent = secondChoice(reading);
  if (plan.intent === 'portfolio_holding' && plan.symbols.length === 0) plan.intent = 'portfolio_summary';
  // 'How much have I made overall?': made in all, sales and dividends included, is the ledger's performance over all
  // time; today's holdings against their cost (the summary) leave those out.
  if (plan.intent === 'portfolio_summary' && plan.allTime && MADE_IN_ALL.test(reading.question))
    plan.intent = 'portfolio_performance';
  // 'If I invest $10,000 today, what will it be worth?' looks ahead, where only the forecast has figures.
  if (plan.intent === 'investment_growth' && !plan.period && LOOKS_AHEAD.test(reading.question))
    plan.intent = 'forecast';
  const valuation = VALUATION.test(reading.question) || (usable?.focus === 'pe' && plan.intent === 'compare');
  plan.focus =
    plan.terms.some((t) => t.term === 'Market capitalization') && !/p\/?e\b/i.test(reading.question)
      ? 'cap'
      : valuation || plan.terms.some((t) => t.term === 'P/E ratio')
        ? 'pe'
        : null;
  // 'A 6 month forecast', 'forecast over a year': a length without a direction is how far ahead.
  if (plan.intent === 'forecast' && !plan.horizon) {
    const days = plan.range
      ? RANGE_DAYS[plan.range]
      : plan.period?.kind === 'since'
        ? daysBetween(plan.period.from, plan.period.to)
        : 0;
    if (days) plan.horizon = horizonOfDays(days);
  }
  plan.unclear = null;
  return plan;
}

const RANGE_DAYS: Record<string, number> = { '5D': 7, '1M': 30, '6M': 182, '1Y': 365, '5Y': 365 };

/** The words of a message that only points at one of the symbols named before ('and what about the latter?'). */
const ONLY_POINTS =
  /\b(?:and|so|ok|okay|now|then|what|how|about|the|this|that|first|second|third|former|latter|last|other|one|stock|company|ticker)\b|[^\p{L}\p{N}]+/giu;

/** A comparison of fewer than two symbols is the classifier's second reading of the message. */
function secondChoice(reading: Reading): Intent {
  // 'What about the latter?' after a comparison says nothing but which one: how that one is doing.
  if (reading.intent === 'followup' && !reading.question.replace(ONLY_POINTS, '').trim()) return 'overview';
  const second = reading.second;
  return second && !['compare', 'followup', 'greeting', 'off_topic'].includes(second) ? second : 'overview';
}

/** 'And …', 'what about …', 'so which …', or words that point back: the message continues the previous one. */
function leansOnPrevious(reading: Reading): boolean {
  return (
    reading.refersTo !== null ||
    /^\s*(and|so|also|now|then|ok|okay|what about|how about|und|y|et|e|en)\b/i.test(reading.question)
  );
}

function tooUnknown(reading: Reading, words: number): boolean {
  return words > 0 && reading.terms.length === 0 && reading.dates.spans.length === 0 && reading.knownShare < MIN_KNOWN;
}

/** What a follow-up leaves unsaid, from the previous question: its period, horizon, amount, terms, focus. */
function inherit(plan: Plan, previous: Plan): void {
  if (!hasPeriod(plan) && !plan.day) {
    plan.range = previous.range;
    plan.period = previous.period;
    plan.allTime = previous.allTime;
    plan.day = previous.day;
    plan.dayAhead = previous.dayAhead;
  }
  // A length said in a follow-up of a forecast ('what about 1 year') is its new horizon, not the old one.
  if (!hasPeriod(plan)) plan.horizon ??= previous.horizon;
  plan.amount ??= previous.amount;
  plan.amountWritten ??= previous.amountWritten;
  if (plan.terms.length === 0) plan.terms = previous.terms;
  plan.table ||= previous.table;
}
