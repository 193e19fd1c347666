import type { ForecastHorizon } from '../../../shared/chat/schemas';
import type { ConversationTurn } from '../engine';
import { findGlossaryEntry } from '../tools/glossary';
import type { HistoryRange } from '../tools/getHistorySummary';
import type { MoverDirection } from '../tools/marketMovers';
import { readLanguage } from './language';
import { findSymbols, refersToContext } from './symbols';

/**
 * What a question asks, read with plain patterns: the built-in analyst's whole 'language model'. It recognises the
 * questions a retail investor asks (price and move, outlook and rating, comparison, trend and moving averages,
 * signals, volatility and risk, performance over a range, forecasts, terms, ticker look-ups, the portfolio, the
 * company behind a ticker, the day's movers, 'why did it drop') and notices the ones it cannot answer (news,
 * earnings dates, dividends, anything off topic). Questions in a few other languages are read through their finance
 * words (language.ts).
 */

export type Intent =
  | 'price'
  | 'overview'
  | 'about'
  | 'profile'
  | 'movers'
  | 'why'
  | 'outlook'
  | 'fundamentals'
  | 'compare'
  | 'trend'
  | 'signals'
  | 'risk'
  | 'performance'
  | 'forecast'
  | 'term'
  | 'search'
  | 'portfolio';

export type { HistoryRange };

export interface Unsupported {
  topic: string;
  why: string;
}

export interface Plan {
  intents: Intent[];
  symbols: string[];
  /** Where the symbols came from: the question itself, the chart in view, or the conversation. */
  symbolsFrom: 'question' | 'viewing' | 'history' | null;
  range: HistoryRange | null;
  horizon: ForecastHorizon;
  /** Glossary term asked about. */
  term: string | null;
  /** What to search tickers for. */
  searchQuery: string | null;
  /** For fundamentals: which figure the question asked about first. */
  focus: 'pe' | 'cap' | null;
  unsupported: Unsupported[];
  greeting: boolean;
  /** For portfolio questions: the headline figures, a full review with every check, or what to consider doing. */
  portfolioDepth: 'summary' | 'review' | 'actions';
  /** For the day's movers: which side. */
  moversDirection: MoverDirection;
  /** The question asked for a table ('in a table', 'tabulate'). */
  table: boolean;
  /** The language of the question when not English; the answer says it is in English. */
  language: string | null;
}

const INTENT_PATTERNS: [Intent, RegExp][] = [
  // 'in 6 months' looks ahead; 'over 6 months' looks back (a performance range), unless it says 'the next'.
  [
    'forecast',
    /\b(forecast|predict(ion)?|projection|project(ed)?|price target|where (will|could|might|would)|range of outcomes|future price|expected range|be worth in|in (a|one|the next|\d+) (weeks?|months?|years?|quarters?)|over the next|next (week|month|quarter|year))\b/,
  ],
  [
    'movers',
    /\b(top|biggest|best|worst|largest)\b.{0,24}\b(gainers?|losers?|movers?|performers?|performing|decliners?|winners?)\b|\b(gainers|losers|movers)\b|\bwhich stocks (are|were|went|rose|fell|dropped|gained|moved)\b|\bmoving the market\b|\bwhat'?s moving\b/,
  ],
  [
    'why',
    /\bwhy\b.*\b(drop\w*|fall\w*|fell|down|up|ris\w*|crash\w*|jump\w*|surg\w*|plung\w*|mov\w*|tank\w*|soar\w*|slump\w*|declin\w*|gain\w*|spik\w*|sink\w*|sank|rall\w*)\b/,
  ],
  ['about', /\btell me about\b|\boverview of\b|\bintroduce\b/],
  [
    'profile',
    /\bwhat does .+ do\b|\bwhat do(es)? (it|they) do\b|\bsector\b|\bindustry\b|\bbusiness\b|\bwho is\b|\bwhat kind of (company|business)\b|\babout the company\b|\bdescribe\b/,
  ],
  ['overview', /\bhow('s| is| are)\b.*\bdoing\b|\bdoing lately\b/],
  ['compare', /\b(compar\w*|vs\.?|versus|better|which (is|one|has|was|of|stock|performed|did)|outperform\w*)\b/],
  ['signals', /\b(signals?|cross(over|overs|ed|es|ing)?|golden cross|death cross)\b/],
  [
    'trend',
    /\b(trend\w*|moving averages?|ma ?(20|50|200)|sma|(20|50|200)[- ]day|uptrend|downtrend|momentum|rsi|overbought|oversold|technicals?)\b/,
  ],
  ['risk', /\b(volatil\w*|risk\w*|drawdowns?|swings?|safe|stable|beta|how wild)\b/],
  [
    'outlook',
    /\b(outlook|ratings?|rated|buy|sell|invest\w*|good (stock|investment|time|pick)|bullish|bearish|recommend\w*|should i|worth (it|buying)|analy[sz]\w*|opinion|view on|think (of|about)|prospects|hold)\b/,
  ],
  [
    'fundamentals',
    /(p\/e|\bpe ratio\b|\bpe\b|price[- ]to[- ]earnings|market cap\w*|valuation|\bvalued\b|\bexpensive\b|\bcheap\b)/,
  ],
  [
    'performance',
    /\b(perform\w*|returns?|gain(ed|s)?|lost|over the (past|last)|since|year to date|ytd|this year|last (week|month|year)|past (week|month|year|\d+ (months?|years?))|(52|fifty[- ]two)[- ]week|all[- ]time|highs?|lows?|from (its|the) high|history|historical|long[- ]term)\b/,
  ],
  [
    'price',
    /\b(price|prices|trading at|trade at|cost|how much|quotes?|up or down|move[sd]?|today|current(ly)?|now|change)\b/,
  ],
  [
    'portfolio',
    /\b(my|our) (\w+ ){0,2}?(portfolios?|holdings?|positions?|stocks|shares|investments)\b|\b(what|which) (stocks|shares|positions) do i (own|hold|have)\b|\bdo i (own|hold)\b|\bam i (too )?(concentrated|diversified)\b|\bhow (diversified|concentrated) am i\b/,
  ],
];

const UNSUPPORTED: [RegExp, Unsupported][] = [
  [
    /\b(news|headlines?|announce\w*|rumou?rs?|press release)\b/,
    { topic: 'news', why: 'I have no news feed, so I cannot tell you what happened or why a price moved.' },
  ],
  [
    /\b(earnings (date|report|call|release|season)|next earnings|when .* report|quarterly results|guidance)\b/,
    { topic: 'earnings dates and reports', why: 'I have no earnings calendar or company reports.' },
  ],
  [/\b(dividends?|dividend yield|payout|ex-dividend)\b/, { topic: 'dividends', why: 'I have no dividend data.' }],
  [
    /\b(options? (chain|price|prices)|call options?|put options?|implied volatility|greeks)\b/,
    { topic: 'options', why: 'I have no options data.' },
  ],
  [
    /\b(insiders?|13f|short interest|institutional (holders|ownership))\b/,
    { topic: 'ownership and insider trades', why: 'I have no ownership or insider-trading data.' },
  ],
  [/\b(tax(es)?|capital gains tax)\b/, { topic: 'taxes', why: 'I cannot give tax advice.' }],
];

/** 'Review my portfolio', 'Is my portfolio diversified?': every check, not only the warnings. */
const PORTFOLIO_REVIEW =
  /\b(review|analy[sz]\w*|check[- ]?up|health\w*|assess\w*|evaluat\w*|diversif\w*|concentrat\w*|risk\w*|checks?|rules?|breakdown|allocation|sectors?)\b/;

/** 'What should I do with my portfolio?', the AI Review's question: what to consider doing, not the checks again. */
const PORTFOLIO_ACTIONS =
  /\b(what should i (do|change|consider)|consider doing|next steps?|what (can|could) i (do|improve)|how (can|could|do) i improve)\b/;

const OFF_TOPIC =
  /\b(weather|recipe|joke|poem|song|sports?|football|soccer|movie|film|capital of|translate|homework|who are you dating|lottery)\b/;
const GREETING =
  /^\s*(hi|hello|hey|yo|good (morning|afternoon|evening)|thanks|thank you|what can you do|help)\b[\s!.?]*$/;
const DEFINE =
  /\b(what (is|are|does|'s)|what's|explain|define|definition|meaning|mean|means|stand for|how does .* work)\b/;
const SEARCH =
  /\b(?:ticker|symbol)s?\s+(?:for|of)\s+(.+?)\s*\??$|\b(?:find|look up|lookup|search( for)?)\s+(?:the\s+)?(?:ticker|symbol)?\s*(?:for|of)?\s*(.+?)\s*\??$/i;

function horizonOf(q: string): ForecastHorizon {
  if (/\b(1|one|a|next|this)[- ]?(week|wk)\b|\b(7|seven)[- ]days?\b/.test(q)) return '1W';
  if (/\b(3|three)[- ]months?\b|\bquarter\b|\b90[- ]days?\b/.test(q)) return '3M';
  if (/\b(6|six)[- ]months?\b|half[- ]a[- ]year|half[- ]year/.test(q)) return '6M';
  if (/\b(1|one|a|next|this)[- ]year\b|\b12[- ]months?\b|\byear\b|\bannual\b/.test(q)) return '1Y';
  return '1M';
}

function rangeOf(q: string): HistoryRange | null {
  if (/\b(5|five)[- ]years?\b|\blong[- ]term\b|\b5y\b/.test(q)) return '5Y';
  if (/\b(year to date|year-to-date|ytd|this year|since (january|the start of the year))\b/.test(q)) return 'YTD';
  if (/\b(6|six)[- ]months?\b|\bhalf[- ]a[- ]year\b|\b6m\b/.test(q)) return '6M';
  if (/\b(1|one|a|past|last)[- ]month\b|\b30[- ]days?\b|\b1m\b|\bthis month\b/.test(q)) return '1M';
  if (/\b(1|one|a|past|last|this)[- ]week\b|\b5[- ]days?\b|\b5d\b/.test(q)) return '5D';
  if (/\b(1|one|a|past|last)[- ]year\b|\b12[- ]months?\b|(52|fifty[- ]two)[- ]week|\b1y\b|\bannual\b/.test(q))
    return '1Y';
  return null;
}

function intentsOf(q: string): Intent[] {
  return INTENT_PATTERNS.filter(([, re]) => re.test(q)).map(([intent]) => intent);
}

export interface UnderstandContext {
  viewingSymbol: string | null;
  history: readonly ConversationTurn[];
}

const TABLE = /\b(table|tabulate|tabular)\b/;
const GAINING = /\b(gainers?|up|rose|gained|best|winners?|rising)\b/;
const LOSING = /\b(losers?|down|fell|fall(ing)?|dropped|worst|decliners?)\b/;

function moversDirection(q: string): MoverDirection {
  const up = GAINING.test(q);
  const down = LOSING.test(q);
  return up === down ? 'both' : up ? 'gainers' : 'losers';
}

export function understand(question: string, context: UnderstandContext): Plan {
  const { language, english: q } = readLanguage(question.toLowerCase().replace(/\s+/g, ' ').trim());
  const plan: Plan = {
    intents: [],
    symbols: findSymbols(question),
    symbolsFrom: null,
    range: rangeOf(q),
    horizon: horizonOf(q),
    term: null,
    searchQuery: null,
    focus: /market cap|capitali[sz]ation|how big|worth in total/.test(q)
      ? 'cap'
      : /p\/e|\bpe\b|price[- ]to[- ]earnings|earnings multiple/.test(q)
        ? 'pe'
        : null,
    unsupported: UNSUPPORTED.filter(([re]) => re.test(q)).map(([, u]) => u),
    greeting: GREETING.test(q),
    portfolioDepth: PORTFOLIO_ACTIONS.test(q) ? 'actions' : PORTFOLIO_REVIEW.test(q) ? 'review' : 'summary',
    moversDirection: moversDirection(q),
    table: TABLE.test(q),
    language,
  };
  if (plan.symbols.length) plan.symbolsFrom = 'question';

  const search = SEARCH.exec(question.trim());
  if (search && /\b(ticker|symbol)s?\b/i.test(question)) {
    plan.searchQuery =
      (search[1] ?? search[3] ?? '')
        .replace(/^(the|a|an)\s+/i, '')
        .replace(/['’]s$/, '')
        .trim() || null;
    if (plan.searchQuery) {
      plan.intents = ['search'];
      return plan;
    }
  }

  let intents = intentsOf(q);
  const entry = findGlossaryEntry(q.replace(DEFINE, ' '));
  const asksDefinition = DEFINE.test(q) && entry !== null;
  // 'What is RSI?' is a definition; 'What is the RSI of NVDA?' and 'What's its RSI?' are readings.
  const aboutSubject =
    plan.symbols.length > 0 ||
    (refersToContext(question) && (context.viewingSymbol !== null || lastSubject(context.history).length > 0));
  if (asksDefinition && (!aboutSubject || /\b(mean|means|meaning|explain|define|definition|stand for)\b/.test(q))) {
    plan.term = entry.term;
    intents = plan.symbols.length ? ['term', ...intents.filter((i) => i !== 'price')] : ['term'];
  }

  if (OFF_TOPIC.test(q) && plan.symbols.length === 0 && !plan.term) {
    plan.unsupported.push({ topic: 'that topic', why: 'I only answer questions about stocks, funds and the markets.' });
  }

  // The day's movers are about the market, not about one symbol.
  if (intents.includes('movers') && plan.symbols.length === 0) {
    plan.intents = ['movers'];
    return plan;
  }
  intents = intents.filter((i) => i !== 'movers');

  if (plan.unsupported.some((u) => u.topic === 'dividends')) intents = intents.filter((i) => i !== 'performance');
  // 'Any buy or sell signals?' asks about crossovers, not for a recommendation.
  if (intents.includes('signals') && !/\b(outlook|rating|rated|should i|recommend|invest)/.test(q)) {
    intents = intents.filter((i) => i !== 'outlook');
  }
  // 'Why did it drop?' and 'any news on X?': no news feed, so what the data shows; the other words describe the move.
  if (intents.includes('why') || plan.unsupported.some((u) => u.topic === 'news')) {
    intents = ['why'];
    plan.unsupported = plan.unsupported.filter((u) => u.topic !== 'news');
  }
  // 'Tell me about X' covers the profile and how the stock stands.
  if (intents.includes('about')) intents = ['about'];
  // A forecast question mentions weeks and months; those words are not a performance question then.
  if (intents.includes('forecast'))
    intents = intents.filter((i) => i !== 'performance' && i !== 'price' && i !== 'outlook' && i !== 'compare');
  // A range asks about that period ('the lowest price in the last 12 months').
  if (
    plan.range &&
    !intents.some((i) => ['performance', 'compare', 'forecast', 'term', 'why', 'overview'].includes(i))
  ) {
    intents.push('performance');
  }
  // Specific readings make the generic 'price' words redundant ('how is its RSI doing today', 'the lowest price
  // in the last 12 months').
  if (
    intents.some((i) =>
      ['trend', 'signals', 'risk', 'fundamentals', 'performance', 'outlook', 'overview', 'profile', 'why'].includes(i),
    )
  ) {
    const asksQuote = plan.range ? /\b(today|now|current(ly)?|quote)\b/ : /\b(price|trading at|quote|how much)\b/;
    intents = intents.filter((i) => i !== 'price' || asksQuote.test(q));
  }
  // 'How is it doing this year?' is that period; 'How is it doing today?' is today's move.
  if (intents.includes('overview') && plan.range)
    intents = intents.filter((i) => i !== 'overview').concat('performance');
  if (intents.includes('overview') && /\btoday\b/.test(q))
    intents = [...intents.filter((i) => i !== 'overview' && i !== 'price'), 'price'];

  // 'Do I own MSFT?': the holding from the portfolio, and the quote for a symbol it turns out not to hold.
  if (intents.length === 1 && intents[0] === 'portfolio' && plan.symbols.length > 0) intents.push('price');

  const previous = lastSubject(context.history);
  const previousIntents = lastIntents(context.history);
  // 'Compare it with AAPL', 'And Intel?' after a comparison: the conversation's subject joins the new symbols.
  const followsComparison = intents.length === 0 && previousIntents.includes('compare');
  // 'Compare that with Pepsi': one symbol to compare needs the conversation's for the other side.
  if ((intents.includes('compare') && (refersToContext(question) || plan.symbols.length === 1)) || followsComparison) {
    if (plan.symbols.length > 0 && previous.length > 0)
      plan.symbols = [...previous, ...plan.symbols.filter((s) => !previous.includes(s))];
  }

  // The subject: the question's own symbols, else the chart in view, else the conversation's last subject.
  // 'Put that in a table' leans on the conversation too.
  const leansOnContext = refersToContext(question) || (plan.table && intents.length === 0);
  if (plan.symbols.length === 0 && !intents.includes('term') && !intents.includes('portfolio')) {
    if (context.viewingSymbol && (leansOnContext || intents.length > 0 || plan.unsupported.length === 0)) {
      plan.symbols = [context.viewingSymbol];
      plan.symbolsFrom = 'viewing';
    } else if (previous.length && (leansOnContext || intents.length > 0)) {
      plan.symbols = previous;
      plan.symbolsFrom = 'history';
    }
  }

  // A bare follow-up ('And MSFT?', 'Put that in a table') repeats the previous question's kind of answer.
  if (intents.length === 0 && plan.symbols.length > 0 && (plan.symbolsFrom === 'question' || leansOnContext)) {
    intents = previousIntents.length ? previousIntents : plan.table ? ['price'] : ['overview'];
  }

  // 'Is the S&P 500 or QQQ better?' and any risk or performance question about several symbols: a comparison.
  if (
    plan.symbols.length >= 2 &&
    intents.some((i) => ['compare', 'risk', 'performance', 'outlook', 'overview'].includes(i)) &&
    !intents.includes('forecast')
  ) {
    intents = ['compare', ...intents.filter((i) => i === 'term')];
  }
  if (intents.includes('compare') && plan.symbols.length < 2) intents = intents.filter((i) => i !== 'compare');
  if (intents.length === 0 && plan.symbols.length > 0 && plan.symbolsFrom !== 'question' && leansOnContext)
    intents = ['overview'];
  plan.intents = intents;
  return plan;
}

/** The symbols of the latest user message that named any. */
function lastSubject(history: readonly ConversationTurn[]): string[] {
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i].role !== 'user') continue;
    const symbols = findSymbols(stripPrefix(history[i].content));
    if (symbols.length) return symbols;
    const viewing = /^\s*\[Currently viewing ([^\]\s]+) chart\]/.exec(history[i].content);
    if (viewing) return [viewing[1].toUpperCase()];
  }
  return [];
}

function lastIntents(history: readonly ConversationTurn[]): Intent[] {
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i].role !== 'user') continue;
    const intents = intentsOf(readLanguage(stripPrefix(history[i].content).toLowerCase()).english).filter(
      (x) => x !== 'term' && x !== 'search',
    );
    if (intents.length) return intents;
  }
  return [];
}

const stripPrefix = (text: string) => text.replace(/^\s*\[Currently viewing [^\]]+ chart\]\s*/, '');
