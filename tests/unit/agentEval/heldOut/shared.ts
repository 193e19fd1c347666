import { GLOSSARY } from '../../../../src/server/ai/tools/glossary';
import type { AnswerKind, QuestionLanguage } from '../answerKind';
import { call, type AnswerForm, type EvalQuestion, type ExpectedCall } from '../questions';

/**
 * The held-out evaluation set of issue 28: questions written as new users type them, in the shapes the agent got
 * wrong (the failure kinds below), scored by runEval.ts against the tool contract (docs of issue 28: tool names and
 * arguments, answer forms and kinds). The agent runs at NOW = 2025-01-15 14:05:30 UTC, a Wednesday (09:05 in New
 * York: the NYSE trades today but has not opened yet), with the CORE_AND_A_BIG_BET portfolio (NVDA about 35 %).
 *
 * The set is split once, half and half per failure kind, by a seeded shuffle (split.ts): tune.ts is what the engine
 * may be tuned on; holdout.ts is only scored, and its failures are not printed unless asked for. The split is a
 * function of the ids, so the set is frozen: new questions go into a new set, or they would move old ones across.
 *
 * Conventions where a question could be read two ways:
 * - an answer about two or more symbols from per-symbol tools (dividends, earnings, quotes) is a list;
 * - a range with no name in the tools' enums is an explicit `from`/`to` (contract: "last quarter" is 2024-10-01 to
 *   2024-12-31, "last year" the calendar year 2024, "since January" 2025-01-01 to 2025-01-15);
 * - a follow-up keeps the intent, symbols and range of the conversation unless it names new ones;
 * - an ambiguous or unknown name gets a question back (form 'not-understood', no tool call) naming the candidates.
 */

export const FAILURE_KINDS = [
  'portfolio',
  'definition',
  'follow-up',
  'date-range',
  'misspelling',
  'tool',
  'language',
  'amount',
  'unclear',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Id prefixes: 'pf-07' is the seventh portfolio question. */
const PREFIXES: Record<string, FailureKind> = {
  pf: 'portfolio',
  def: 'definition',
  fu: 'follow-up',
  dr: 'date-range',
  ms: 'misspelling',
  tool: 'tool',
  lang: 'language',
  amt: 'amount',
  unc: 'unclear',
};

export interface HeldOutQuestion extends EvalQuestion {
  /** Stable name, prefixed by the failure kind ('pf-07'); the split shuffles these. */
  id: string;
  failureKind: FailureKind;
}

export function failureKindOf(id: string): FailureKind {
  const kind = PREFIXES[id.split('-')[0]];
  if (!kind) throw new Error(`held-out question id ${id} has no known failure-kind prefix`);
  return kind;
}

interface Asked {
  question: string;
  history?: string[];
  viewing?: string;
  language?: QuestionLanguage;
}

/** One question: its id, what is asked (and the conversation), the form, the tool calls, and the kind and words. */
export function q(
  id: string,
  asked: string | Asked,
  form: AnswerForm,
  tools: ExpectedCall[],
  more: { kind?: AnswerKind; says?: RegExp } = {},
): HeldOutQuestion {
  return {
    id,
    failureKind: failureKindOf(id),
    ...(typeof asked === 'string' ? { question: asked } : asked),
    expect: { tools, form, ...more },
  };
}

// The calls of the contract (existing tools with their extended arguments, and the new ones).

export const historyBetween = (symbol: string, from: string, to: string) =>
  call('get_history_summary', { symbol, from, to });
export const compareBetween = (symbols: string[], from: string, to: string) => call('compare', { symbols, from, to });
export const dividends = (symbol: string) => call('get_dividends', { symbol });
export const earnings = (symbol: string) => call('get_earnings', { symbol });
/** market_hours: `{}` for today or now, else the date asked about. */
export const hours = (date?: string) => call('market_hours', date ? { date } : {});
export const growth = (symbol: string, amount: number, from: string, to?: string) =>
  call('investment_growth', { symbol, amount, from, ...(to ? { to } : {}) });
/** portfolio_performance: the benchmark only when it is not SPY (the default). */
export const performance = (range: string, benchmark?: string) =>
  call('portfolio_performance', { range, ...(benchmark ? { benchmark } : {}) });

/**
 * The glossary's key for a term of the contract ('p/e ratio', 'dividend yield', 'xirr'): the entry named so, else
 * the entry that lists it as an alias, else the contract's name itself (a term still to be added). The eval follows
 * whatever the glossary calls the term.
 */
export function glossaryKey(name: string): string {
  const wanted = name.toLowerCase();
  const entry =
    GLOSSARY.find((e) => e.term.toLowerCase() === wanted) ?? GLOSSARY.find((e) => e.aliases.includes(wanted));
  return entry?.term ?? name;
}

export const term = (name: string) => call('explain_term', { term: glossaryKey(name) });

// Words an answer must say.

/** Tickwise has earnings and dividend data now: an answer must not claim otherwise. */
export const NO_REFUSAL = /^(?![\s\S]*\bno (?:earnings calendar|dividend data)\b)/i;
/** Buying more of a holding that is about a third of the portfolio: the answer says how much of it it already is. */
export const CONCENTRATION =
  /\b(?:\d{2}(?:[.,]\d+)?\s?%|a third) of (?:your|the) portfolio\b|\d{2}(?:[.,]\d+)?\s?% (?:deines|Ihres|de tu|de votre|del tuo|van je) /i;
/** Which of two is cheaper by P/E, said in words. */
export const CHEAPER = /\bcheaper\b|\blower p\/e\b/i;
