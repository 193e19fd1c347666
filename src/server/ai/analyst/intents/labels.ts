/**
 * What a question can ask for: each label is one way of answering (its tools and its writer, see plan.ts). The
 * paraphrases that teach the classifier each label are in data/.
 */
export const INTENTS = [
  'price',
  'overview',
  'about',
  'profile',
  'why',
  'outlook',
  'position_advice',
  'fundamentals',
  'compare',
  'trend',
  'signals',
  'risk',
  'performance',
  'forecast',
  'term',
  'search',
  'movers_gainers',
  'movers_losers',
  'movers_both',
  'portfolio_summary',
  'portfolio_review',
  'portfolio_actions',
  'portfolio_holding',
  'portfolio_performance',
  'portfolio_dividends',
  'market_hours',
  'investment_growth',
  'dividends',
  'earnings',
  'greeting',
  'off_topic',
  'options',
  'insiders',
  'taxes',
  'followup',
] as const;

export type Intent = (typeof INTENTS)[number];

/** Paraphrase templates per label (grammar.ts's notation; SYM, DATE and the {SLOTS} of slots.ts). */
export type Paraphrases = Partial<Record<Intent, readonly string[]>>;
