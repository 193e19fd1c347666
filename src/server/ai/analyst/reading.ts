import { readDates, type DateReading } from './entities/dates';
import { isEnglishWord } from './entities/englishWords';
import { normalizePeriodWords } from './entities/periodWords';
import { fixWords } from './entities/wordFixes';
import type { SymbolIndex } from './entities/symbolIndex';
import { readSymbols, writtenAsName, type Span, type SymbolReading } from './entities/symbols';
import { isGlossaryWord, readTerms, type TermMention } from './entities/terms';
import type { IntentModel } from './intents/classifier';
import { SYMBOL, tokens } from './intents/features';
import type { Intent } from './intents/labels';
import { readLanguage, type ReadLanguage } from './language';

/**
 * One message read on its own: its entities (instruments, periods, terms), its intent as the classifier sees it
 * with the entities replaced by placeholders, and the words that lean on what came before ('it', 'both').
 */

export interface Reading {
  question: string;
  language: string | null;
  symbols: SymbolReading;
  dates: DateReading;
  terms: TermMention[];
  /** The classifier's choice; null when the message has no word it knows. */
  intent: Intent | null;
  probability: number;
  /** The share of the message's words the paraphrases use (0 to 1). */
  knownShare: number;
  /** The runner-up, for questions that ask two things. */
  second: Intent | null;
  /**
   * The message refers to earlier symbols: one ('it'), several ('them'), two ('both', 'the two'), one by its place
   * ('the first one', 'the latter'), the one not just discussed ('the other one'), or the chart ('this stock').
   */
  refersTo: Reference | null;
  table: boolean;
  /** A question answered by yes or no ('Is the market open?', 'Does AAPL pay a dividend?'). */
  yesNo: boolean;
  /** What the message names, for a ticker look-up. */
  searchQuery: string | null;
  /**
   * Words that look like a name the universe does not have ('Zorblax'): no word of the paraphrases, nor a typo of
   * one, nor a glossary term, and not read as a symbol or a date. A question about one is asked back, never answered
   * about the chart in view.
   */
  unknownNames: string[];
  /**
   * Everyday English words no paraphrase uses ('zoom', 'lucid' in 'zoom stock price'): in a question that names no
   * stock and no term they stand where a name would, so the chart in view is not what was asked about.
   */
  strangeWords: string[];
}

export type Reference = { kind: 'one' | 'several' | 'two' | 'other' | 'chart' } | { kind: 'place'; index: number };

export interface Readers {
  index: SymbolIndex;
  model: IntentModel;
}

const TWO =
  /\b(both|the two|these two|those two|the pair|(die )?beiden|beide|ambos|ambas|los dos|las dos|les deux|tous les deux|entrambi|tutti e due|alle twee|allebei)\b/i;
const PLACE =
  /\bthe (first|second|third|former|latter)\b(?! (?:\d|quarter|year|month|week|day|half|time))|\bthe last (one|stock|company|ticker)\b/i;
const PLACES: Record<string, number> = { first: 0, former: 0, second: 1, third: 2, last: -1, latter: -1 };
const OTHER = /\bthe other( one| stock| company| ticker)?\b/i;
const SEVERAL = /\b(them|they|their|these|those|each of|all three|the three|either|the others)\b/i;
const CHART = /\b(this|the) (chart|stock|ticker|symbol|share|fund|etf|index)\b|\bthis one\b/i;
const ONE = /\b(it|its|it's|that one|that stock|the company|this company|the same|that company)\b/i;

function referenceOf(question: string): Reference | null {
  const place = PLACE.exec(question);
  if (place) return { kind: 'place', index: place[2] ? -1 : PLACES[place[1].toLowerCase()] };
  if (OTHER.test(question)) return { kind: 'other' };
  if (TWO.test(question)) return { kind: 'two' };
  if (CHART.test(question)) return { kind: 'chart' };
  if (SEVERAL.test(question)) return { kind: 'several' };
  return ONE.test(question) ? { kind: 'one' } : null;
}
/**
 * A French question asked by inverting its verb ('Apple verse-t-elle un dividende ?', 'La bourse est-elle ouverte
 * ?'): answered by yes or no, unless a question word opens it ('Quand Microsoft publie-t-il …').
 */
const FRENCH_INVERSION =
  /^(?!(?:quand|combien|comment|pourquoi|où|ou|quel|quelle|quels|quelles|que|qu'|qui|à quelle)\b)[^?]{0,40}?\p{L}-(?:t-)?(?:il|elle|ils|elles|on)\b/iu;
const TABLE = /\b(table|tabulate|tabular|tabelle|tabla|tableau|tabella|tabel)\b/i;
const YES_NO =
  /^(is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|am|ist|sind|hat|haben|zahlt|kann|est-ce|est|es|está|hay|paga|è|ha|heeft|betaalt|zijn)\b/i;

/** The message with every instrument replaced by the placeholder, as the classifier was trained (and `dropped` left out). */
function delexicalize(question: string, symbols: readonly Span[], dropped: readonly Span[] = []): string {
  const edits = [
    ...symbols.map((s) => ({ ...s, by: ` ${SYMBOL} ` })),
    ...dropped.filter((d) => !symbols.some((s) => d.start < s.end && d.end > s.start)).map((d) => ({ ...d, by: ' ' })),
  ];
  let out = question;
  for (const s of edits.sort((a, b) => b.start - a.start)) out = `${out.slice(0, s.start)}${s.by}${out.slice(s.end)}`;
  return out;
}

export function readMessage(written: string, now: number, readers: Readers): Reading {
  // Period words as typed ('5 yeras', '3mo', 'y.t.d.') written out first: every reader below sees the same words.
  const fixed = withWordsFixed(normalizePeriodWords(withoutGreeting(written)), readers);
  const question = fixed.question;
  const { language, english } = fixed.language ?? readLanguage(languageForm(question));
  const symbols = fixed.names ?? readSymbols(question, readers.index, isGlossaryWord, { foreign: language !== null });
  let dates = readDates(question, now, language);
  // chrono's other languages miss phrases ('seit Januar', 'dieses Jahr') that their English reading finds.
  // The language's own reading wins where both read something, except a 'today' beside another day.
  if (language) {
    const en = readDates(english, now, null);
    const today = new Date(now).toISOString().slice(0, 10);
    dates = {
      range: dates.range ?? (dates.period ? null : en.range),
      period: dates.period ?? (dates.range ? null : en.period),
      day: (dates.day && dates.day !== today ? dates.day : null) ?? en.day ?? dates.day,
      dayAhead: dates.dayAhead ?? en.dayAhead,
      horizon: dates.horizon ?? en.horizon,
      allTime: dates.allTime || en.allTime,
      spans: dates.spans,
    };
  }
  const delexicalized = delexicalize(question, symbols.spans);
  const classified = readers.model.classify(delexicalized);
  const known = classified.knownWords > 0;
  // 'jpm since october', 'aapl 6 months': names and a period and nothing else ask how they did over it.
  const withPeriod = dates.spans.length ? namesOnlyOf(delexicalize(question, symbols.spans, dates.spans)) : null;
  const namesOnly = namesOnlyOf(delexicalized) ?? (withPeriod === 'overview' ? 'performance' : withPeriod);
  const stripped = question.replace(/^[\s¿¡]+/, '');
  return {
    question,
    language,
    symbols,
    dates,
    terms: readTerms(question),
    intent: namesOnly ?? (known ? classified.ranked[0].label : null),
    probability: known ? classified.ranked[0].probability : 0,
    knownShare: classified.words ? classified.knownWords / classified.words : 0,
    second: known ? classified.ranked[1].label : null,
    refersTo: referenceOf(question),
    table: TABLE.test(question),
    yesNo:
      (YES_NO.test(stripped) && !/^(is|are) (the )?(there|it) (any|a)\b/i.test(stripped)) ||
      (language === 'French' && FRENCH_INVERSION.test(stripped)),
    searchQuery: searchQueryOf(question, symbols),
    ...(language
      ? { unknownNames: [], strangeWords: [] }
      : unknownNames(question, [...symbols.spans, ...dates.spans], readers)),
  };
}

/**
 * 'Hey, and since January?', 'hi, which is the better buy', 'define beta, thanks!': a greeting before a question only
 * opens it and thanks after it only close it; what is left is read as if it came alone (a follow-up still starts
 * with its 'and'). A greeting or thanks alone, or with one word beside it ('hi there', 'ok thanks'), stays.
 */
function withoutGreeting(question: string): string {
  return question
    .replace(/^\s*(?:hey|hi|hello|yo|hiya|heya)(?: there)?\b[\s,!.:;-]+(?=\S+\s+\S)/i, '')
    .replace(/(?<=\S\s+\S+)[\s,;:.!-]+(?:thanks|thank you|thanks a lot|thx|ty|cheers)(?: in advance)?[\s!.]*$/i, '');
}

const languageForm = (question: string) => question.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * An English question's shorthands and typos of everyday words written out (wordFixes.ts); names as written. What it
 * read on the way (the language; an English question's names) is kept for the question when nothing needed fixing
 * (most questions), so readMessage does not read it again; null where the question changed or it was not read.
 */
function withWordsFixed(
  question: string,
  readers: Readers,
): { question: string; language: ReadLanguage | null; names: SymbolReading | null } {
  const language = readLanguage(languageForm(question));
  if (language.language) return { question, language, names: null };
  const names = readSymbols(question, readers.index, isGlossaryWord, { foreign: false });
  const fixed = fixWords(question, names.spans, {
    vocabulary: readers.model.vocabulary,
    keep: isGlossaryWord,
    nameDistance: (word) => {
      const near = readers.index.nearName(word, 2);
      return near.words.length ? near.distance : Infinity;
    },
  });
  return fixed === question ? { question, language, names } : { question: fixed, language: null, names: null };
}

/** Words that only carry a message on from the previous one ('and', 'what about'). */
const LEADS = new Set([
  'and',
  'what',
  'how',
  'about',
  'also',
  'ok',
  'okay',
  'so',
  'then',
  'now',
  'und',
  'y',
  'et',
  'e',
]);
const JOINS = new Set(['and', 'or', '&', 'vs', 'versus', 'plus']);
const POLITE = new Set(['please', 'pls', 'plz', 'thanks', 'thx', 'ty']);

/**
 * A message of names and nothing else: 'AMD', 'AAPL and MSFT' asks how they are doing; 'and Intel?', 'how about
 * intel' asks the previous question of them (the classifier has nothing to read there but the lead words).
 */
function namesOnlyOf(delexicalized: string): Intent | null {
  // Politeness says nothing of what is asked ('how about intel pls').
  const words = tokens(delexicalized).filter((t) => !/^[?!.,:;]+$/.test(t) && !POLITE.has(t));
  if (!words.includes(SYMBOL)) return null;
  const first = words.findIndex((t) => t === SYMBOL);
  const lead = words.slice(0, first);
  if (!words.slice(first).every((t) => t === SYMBOL || JOINS.has(t))) return null;
  if (lead.length === 0) return 'overview';
  const text = lead.join(' ');
  return lead.every((t) => LEADS.has(t)) && !/^(what|how)$/.test(text) && !/^about/.test(text) ? 'followup' : null;
}

function unknownNames(
  question: string,
  taken: readonly Span[],
  readers: Readers,
): Pick<Reading, 'unknownNames' | 'strangeWords'> {
  const out: Pick<Reading, 'unknownNames' | 'strangeWords'> = { unknownNames: [], strangeWords: [] };
  for (const m of question.matchAll(/[\p{L}][\p{L}'’-]{3,}/gu)) {
    const word = m[0].toLowerCase().replace(/['’]s$/, '');
    if (taken.some((s) => m.index < s.end && m.index + m[0].length > s.start)) continue;
    if (readers.model.vocabulary.has(word) || isGlossaryWord(word)) continue;
    // An everyday English word is no typo of a word questions use ('zoom' is not 'room'), and no name either unless
    // written as one.
    if (isEnglishWord(word) && !writtenAsName(question, m.index, m[0])) out.strangeWords.push(m[0]);
    else if (!readers.index.nearCommon(word)) out.unknownNames.push(m[0]);
  }
  return out;
}

/** The name as written ('Coca-Cola', 'Palantir'), else the words after 'for'/'of'. */
function searchQueryOf(question: string, symbols: SymbolReading): string | null {
  const span = symbols.spans[0];
  if (span)
    return question
      .slice(span.start, span.end)
      .replace(/['’]s$/, '')
      .trim();
  const words = /\b(?:for|of)\s+(?:the\s+)?(.+?)\s*[?.!]*$/i.exec(question)?.[1];
  return words && words.length <= 64 ? words : null;
}
