import { FuzzyIndex, likelyTypo } from './editDistance';
import { isEnglishWord } from './englishWords';
import { writtenAsName, type Span } from './symbols';

/**
 * The everyday words of a question as people type them, written out before the classifier and the term reader see
 * them: chat shorthands ('div yld', 'px chg', 'mkt open rn', 'nxt') and typos of the words the paraphrases use
 * ('earnigs', 'recieved', 'forcast', 'volatilty'). The classifier knows only the words of its paraphrases: a
 * misspelt word was no word at all to it, so the rest of the question (often only 'for __sym') chose the answer.
 *
 * Names are never touched: only words outside the spans the symbol reader took, in an English question. A typo is
 * fixed only when it is no everyday English word and one word of the vocabulary is nearest to it (one edit; two for
 * words of eight letters or more), or one slip of the keyboard explains it (editDistance.ts's likelyTypo: 'waht');
 * a word of four letters only so. 'zorblax' stays a name to ask about.
 */

/** Shorthands of chat, to the words the paraphrases use. */
const SHORTHANDS: Record<string, string> = {
  divs: 'dividends',
  divy: 'dividend',
  divvy: 'dividend',
  divvies: 'dividends',
  yld: 'yield',
  ylds: 'yields',
  px: 'price',
  chg: 'change',
  chng: 'change',
  mkt: 'market',
  mkts: 'markets',
  rn: 'right now',
  nxt: 'next',
  perf: 'performance',
  yr: 'year',
  yrs: 'years',
  teh: 'the',
  u: 'you',
  r: 'are',
  ur: 'your',
  abt: 'about',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  thx: 'thanks',
  qtrly: 'quarterly',
  pf: 'portfolio',
  portf: 'portfolio',
  acct: 'account',
};

const byVocabulary = new WeakMap<ReadonlySet<string>, FuzzyIndex<never>>();

function fuzzyOf(vocabulary: ReadonlySet<string>): FuzzyIndex<never> {
  let index = byVocabulary.get(vocabulary);
  if (!index) {
    index = new FuzzyIndex<never>(2, 8);
    for (const word of vocabulary) if (/^\p{Ll}{4,}$/u.test(word)) index.add(word);
    byVocabulary.set(vocabulary, index);
  }
  return index;
}

/** What the question's words are checked against. */
export interface WordBook {
  vocabulary: ReadonlySet<string>;
  /** Words meant as written though no paraphrase uses them (the glossary's). */
  keep: (word: string) => boolean;
  /** How many edits the word is from the nearest word of a name (Infinity when none is near). */
  nameDistance: (word: string) => number;
}

function fixed(word: string, book: WordBook): string | null {
  const { vocabulary } = book;
  const lower = word.toLowerCase();
  const short = SHORTHANDS[lower];
  if (short) return short;
  if (lower.length < 4 || vocabulary.has(lower) || isEnglishWord(lower) || book.keep(lower)) return null;
  const found = fuzzyOf(vocabulary).nearest(lower, lower.length >= 8 ? 2 : 1);
  const near = found.words;
  // Of several words as near, the one a slip of the keyboard explains ('waht': 'what', not 'want').
  const slips = near.filter((w) => likelyTypo(lower, w));
  // A word as near a name's word as any other ('fizer') is left to the symbol reader, never made an everyday word,
  // unless a slip explains the everyday word ('prcie' is 'price', though T. Rowe Price is one edit away too).
  const toName = book.nameDistance(lower);
  if (toName < found.distance || (toName === found.distance && slips.length !== 1)) return null;
  if (slips.length === 1) return slips[0];
  return near.length === 1 && lower.length >= 5 ? near[0] : null;
}

/** The question with its shorthands and typos of everyday words written out; names (`taken`) as they were. */
export function fixWords(question: string, taken: readonly Span[], book: WordBook): string {
  return question.replace(/(?<![\p{L}\p{N}$€£/&.'’-])\p{L}+(?![\p{L}\p{N}/&'’-]|\.\p{L})/gu, (word, offset: number) => {
    if (taken.some((s) => offset < s.end && offset + word.length > s.start)) return word;
    // A word written as a name is one, known or not ('Zorblax'): asked about, never read as another word.
    if (writtenAsName(question, offset, word)) return word;
    return fixed(word, book) ?? word;
  });
}
