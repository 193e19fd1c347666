import { normalizeName } from './nameKeys';
import { isEnglishWord } from './englishWords';
import { isValidSymbol } from '../../../../shared/market/symbols';
import { TICKER_LIKE_WORDS } from '../../tickerLikeWords';
import { MAX_NAME_WORDS, type SymbolIndex } from './symbolIndex';

/**
 * Which instruments a question names: tickers as written ('AAPL', 'aapl', '$PLTR', 'BRK.B', '^GSPC'), names and
 * nicknames ('Apple', 'the S&P 500', 'Coca-Cola'), and misspelt names ('Nvidai', 'Microsfot'), resolved to the
 * likely instrument when one is clearly nearest, or kept as a choice to ask about when several are.
 */

export interface Span {
  start: number;
  end: number;
}

export interface SymbolReading {
  /** Every instrument named or guessed, in the order written, without duplicates. */
  symbols: string[];
  /** Misspelt names taken to mean one instrument: the answer says so. */
  guesses: { written: string; symbol: string }[];
  /** Misspelt names or tickers with several likely instruments: the answer asks which. */
  unsure: { written: string; candidates: string[] }[];
  /** Where each mention is, so the intent is read without the names themselves. */
  spans: Span[];
}

/** Capitalised words that are not tickers when written bare (they are words or abbreviations). */
const NOT_TICKERS = new Set([...TICKER_LIKE_WORDS, 'MY', 'THE', 'IS', 'WHAT', 'HOW', 'WHY', 'E', 'HI', 'NEWS', 'ME']);

/** Tickers that are also letters or words ('T', 'V', 'GE'): tickers only beside other symbols ('compare T and VZ'). */
const LISTED_LETTERS = new Set(['T', 'V', 'F', 'GE', 'MA', 'ARM']);
/** What joins the symbols of a list: a comma, 'and', 'or', 'vs', '&'. */
const LIST_JOIN = /^\s*(?:,\s*(?:and\s+|or\s+)?|and|or|vs\.?|versus|against|with|&|\/)\s*$/i;

/** Lower-case words that are tickers only when written in capitals. */
const WORDS_NOT_TICKERS = new Set(
  'all are arm cat cost dis hood shop snow spot coin it on ma v t f be uber meta key low now well fast pool ice tap bio main apps'.split(
    ' ',
  ),
);

interface Mention {
  symbol: string;
  at: number;
  end: number;
}

interface Word {
  text: string;
  start: number;
  end: number;
}

/** Words of a question with their places, for names (hyphens split: 'coca-cola' is two words). */
function words(question: string): Word[] {
  return [...question.matchAll(/[\p{L}\p{N}&^]+(?:['’.][\p{L}\p{N}]+)*/gu)].map((m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** The first word of the question or of a sentence in it. */
const sentenceStart = (text: string, at: number) => /(^|[.!?:]\s*)$/.test(text.slice(0, at).replace(/[\s¿¡"'(]+$/, ''));

/** A word written as names are: a capital where no sentence starts, or all capitals ('Target', 'AMD'). */
export const writtenAsName = (question: string, at: number, text: string) =>
  /^\p{Lu}/u.test(text) && (!sentenceStart(question, at) || /^\p{Lu}+$/u.test(text));

const overlaps = (spans: readonly Span[], start: number, end: number) =>
  spans.some((s) => start < s.end && end > s.start);

/**
 * `isTerm` tells words of the glossary ('TWR', 'EPS', 'RSI'): written in capitals they are terms, not unknown tickers.
 */
export function readSymbols(
  question: string,
  index: SymbolIndex,
  isTerm: (word: string) => boolean = () => false,
  options: { foreign?: boolean } = {},
): SymbolReading {
  const mentions: Mention[] = [];
  const spans: Span[] = [];
  const guesses: SymbolReading['guesses'] = [];
  const unsure: SymbolReading['unsure'] = [];
  const take = (symbol: string, start: number, end: number) => {
    mentions.push({ symbol, at: start, end });
    spans.push({ start, end });
  };

  // $ticker in any case.
  for (const m of question.matchAll(/(?<![A-Za-z0-9])\$([A-Za-z][A-Za-z0-9.-]{0,9})(?![A-Za-z0-9])/g)) {
    const symbol = m[1].toUpperCase();
    if (isValidSymbol(symbol)) take(symbol, m.index, m.index + m[0].length);
  }
  // Tickers in capitals ('AAPL', 'BRK.B', 'BTC-USD', '^GSPC'); unknown ones wait until names are read ('JP Morgn').
  const unknownCapitals: Word[] = [];
  const listedLetters: Word[] = [];
  const letters = question.replace(/[^A-Za-z]/g, '');
  const shouting = letters.length > 8 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.6;
  for (const m of question.matchAll(
    /(?<![\p{L}\p{N}$^&])(\^?[A-Z][A-Z0-9]{0,5}(?:[.-][A-Z0-9]{1,4})?)(?![\p{L}\p{N}&])/gu,
  )) {
    const symbol = m[1];
    const end = m.index + symbol.length;
    if (overlaps(spans, m.index, end)) continue;
    const bracketed = question[m.index - 1] === '(' && question[end] === ')';
    if ((NOT_TICKERS.has(symbol) || (isTerm(symbol.toLowerCase()) && !index.isTicker(symbol))) && !bracketed) {
      if (LISTED_LETTERS.has(symbol) && index.isTicker(symbol))
        listedLetters.push({ text: symbol, start: m.index, end });
      continue;
    }
    if (index.byPhrase(symbol).length && !index.isTicker(symbol)) continue; // 'NVIDIA' is a name, read below
    const compacted = index.compactTicker(symbol);
    if (compacted) {
      take(compacted, m.index, end);
      continue;
    }
    const known = index.isTicker(symbol);
    // 'MA20' and 'Q3' are labels; in a shouted question only known symbols count; one letter only when known, and
    // not as a share class ('class C').
    if (!known && (/\d/.test(symbol) || shouting || symbol.length === 1)) continue;
    if (symbol.length === 1 && /\bclass\s*$/i.test(question.slice(0, m.index))) continue;
    if (known) take(symbol, m.index, end);
    else unknownCapitals.push({ text: symbol, start: m.index, end });
  }
  // Lower-case tickers people type ('aapl', 'nvda', 'ko'), unless they are also words.
  for (const m of question.matchAll(/(?<![\p{L}\p{N}$^])([a-z][a-z.-]{1,6})(?![\p{L}\p{N}])/gu)) {
    const word = m[1];
    const end = m.index + word.length;
    if (WORDS_NOT_TICKERS.has(word) || overlaps(spans, m.index, end)) continue;
    // Two letters are a ticker only when no question uses them as a word ('ko', 'hd'; not 'so', 'it', 'on').
    if (word.length < 3 && (index.needsCapital(word) || isTerm(word))) continue;
    const symbol = index.compactTicker(word) ?? word.toUpperCase();
    if (index.isTicker(symbol) && !index.byPhrase(word).length && !index.needsCapital(word)) take(symbol, m.index, end);
  }
  // The same typed in lower case ('compare tsla and f', 'visa and ma'): counted only in a list, as above.
  for (const m of question.matchAll(/(?<![\p{L}\p{N}$^&.])([a-z]{1,3})(?![\p{L}\p{N}&])/gu)) {
    const symbol = m[1].toUpperCase();
    const end = m.index + m[1].length;
    if (LISTED_LETTERS.has(symbol) && index.isTicker(symbol) && !overlaps(spans, m.index, end))
      listedLetters.push({ text: symbol, start: m.index, end });
  }
  // Names, longest first at each place ('bank of america' before 'america'); then again with misspelt words
  // corrected to the name words they are nearest ('jhonson and jhonson', 'goldmann sachs').
  const ws = words(question);
  matchNames(
    ws,
    (w) => w.text,
    () => true,
    true,
  );
  const corrected = new Map<Word, string>();
  for (const w of ws) {
    const word = w.text.toLowerCase().replace(/['’]s$/, '');
    if (overlaps(spans, w.start, w.end) || word.length < 4 || !/^\p{L}+$/u.test(word)) continue;
    // A word as near to a word questions use is that word, unless it is written with a capital, as names are.
    const common = index.commonDistance(word);
    // In another language every word is foreign to the paraphrases: only capitalised ones may be names.
    // A capital counts as a name's only where a sentence does not start (or the word is in capitals).
    const capital = writtenAsName(question, w.start, w.text);
    if (common === 0 || (common === 1 && !capital)) continue;
    // An everyday English word written as a word is that word ('generate' is not Generac).
    if (!capital && isEnglishWord(word)) continue;
    // A lower-case word of another language is a name only when it is one letter from it ('nvidea').
    const fixed = index.correct(word, word.length >= 6 && (capital || !options.foreign) ? 2 : 1);
    if (fixed && fixed !== word) corrected.set(w, fixed);
  }
  if (corrected.size)
    matchNames(
      ws,
      (w) => corrected.get(w) ?? w.text,
      (part) => part.some((w) => corrected.has(w)),
    );

  /**
   * A name of two or three words typed with a typo in them ('exon mobil', 'home depo', 'bank of amerca'): the words
   * run together are one or two edits from the name run together. Only where a word is no word questions use nor an
   * everyday English word (a typo), so that ordinary words side by side are never taken for a name.
   */
  function nearCompactName(part: Word[]): string | null {
    const compact = part.map((w) => w.text.toLowerCase()).join('');
    // Whole words at both ends ('qualcom p/e' is no 'qualcomm p').
    const ends = [part[0], part[part.length - 1]].every((w) => w.text.length >= 3);
    if (compact.length < 7 || !ends || !/^\p{L}+$/u.test(compact)) return null;
    const typo = part.some((w) => {
      const word = w.text.toLowerCase();
      return word.length >= 4 && index.commonDistance(word) > 0 && !isEnglishWord(word);
    });
    const near = index.nearName(compact, compact.length >= 10 ? 2 : 1);
    if (near.symbols.length !== 1 || near.distance === 0) return null;
    if (typo) return compact.length >= 8 ? near.symbols[0] : null;
    // Everyday words, one letter from the name, with a word of it written exactly ('eli lily', 'general motor').
    const nameWords = normalizeName(index.nameOf(near.symbols[0]) ?? '').split(' ');
    const exactWord = part.some((w) => w.text.length >= 3 && nameWords.includes(w.text.toLowerCase()));
    return near.distance === 1 && exactWord ? near.symbols[0] : null;
  }

  function matchNames(
    list: Word[],
    textOf: (w: Word) => string,
    wanted: (part: Word[]) => boolean = () => true,
    fuzzyParts = false,
  ) {
    for (let i = 0; i < list.length; i++) {
      if (overlaps(spans, list[i].start, list[i].end)) continue;
      for (let n = Math.min(MAX_NAME_WORDS, list.length - i); n >= 1; n--) {
        const part = list.slice(i, i + n);
        if (!wanted(part) || part.some((w) => overlaps(spans, w.start, w.end))) continue;
        const written = question.slice(part[0].start, part[n - 1].end);
        const spelled = part.map(textOf).join(' ');
        // 'robin hood' is Robinhood: a name written in two words.
        const candidates = [
          spelled,
          spelled.replace(/['’]s$/i, ''),
          ...(n > 1 ? [spelled.replace(/['’]s$/i, '').replace(/[\s-]+/g, '')] : []),
          // 'J.P. Morgan', 'P.G.&E.': initials written with their dots are the initials ('jp morgan').
          ...(/\p{L}\.\p{L}/u.test(spelled)
            ? [spelled.replace(/['’]s$/i, '').replace(/(?<=\p{L})\.(?=\p{L})/gu, '')]
            : []),
          // A possessive typed without its apostrophe ('apples next earnings', 'verizons yield'): a word no
          // question uses, whose name is the word without its last 's' ('yields' is no 'Yield' fund).
          ...(n === 1 &&
          /^\p{L}{4,}s$/u.test(spelled) &&
          index.commonDistance(spelled.toLowerCase()) > 0 &&
          index.commonDistance(spelled.slice(0, -1).toLowerCase()) > 0
            ? [spelled.slice(0, -1)]
            : []),
        ];
        const near = fuzzyParts && n > 1 ? nearCompactName(part) : null;
        const hit = candidates.map((c) => index.byPhrase(c)).find((s) => s.length > 0) ?? (near ? [near] : undefined);
        if (!hit) continue;
        if (near && hit[0] === near && !index.byPhrase(candidates[0]).length) {
          guesses.push({ written, symbol: near });
          take(near, part[0].start, part[n - 1].end);
          i += n - 1;
          break;
        }
        // A name that is also a common word counts only when written as a name ('Target', not 'price target'),
        // and not as the first word of the question, which is capitalised anyway ('Best performing stocks').
        // The form that was found decides: 'face book' run together is the nickname 'facebook', no common words;
        // but common words run together into the start of a name are still common words ('pay me' is no 'payme…').
        const found = candidates.find((c) => index.byPhrase(c).length > 0);
        const asWritten = found && found !== candidates[0] && !index.isPrefix(found) ? found : candidates[1];
        if (index.needsCapital(asWritten) && (!/^\p{Lu}/u.test(written) || sentenceStart(question, part[0].start)))
          continue;
        if (hit.length === 1) {
          if (spelled !== part.map((w) => w.text).join(' ')) guesses.push({ written, symbol: hit[0] });
          take(hit[0], part[0].start, part[n - 1].end);
        } else {
          unsure.push({ written, candidates: [...hit] });
          spans.push({ start: part[0].start, end: part[n - 1].end });
        }
        i += n - 1;
        break;
      }
    }
  }
  // Capitals no name explains: a typo of a ticker ('APPL') is asked about; another is passed on as written.
  for (const w of unknownCapitals) {
    if (overlaps(spans, w.start, w.end)) continue;
    const near = w.text.length >= 3 ? index.nearTicker(w.text) : [];
    if (near.length > 0 && !index.byPhrase(w.text).length) {
      unsure.push({ written: w.text, candidates: near });
      spans.push({ start: w.start, end: w.end });
    } else take(w.text, w.start, w.end);
  }
  // Misspelt names: a word no question uses, near one name.
  for (const w of ws) {
    if (overlaps(spans, w.start, w.end)) continue;
    const word = w.text.toLowerCase().replace(/['’]s$/, '');
    if (word.length < 4 || !/^\p{L}+$/u.test(word) || index.nearCommon(word)) continue;
    if (!writtenAsName(question, w.start, w.text) && isEnglishWord(word)) continue;
    if (options.foreign && !/^\p{Lu}/u.test(w.text)) continue;
    const near = index.nearName(word, word.length >= 6 ? 2 : 1);
    if (near.symbols.length === 1) {
      guesses.push({ written: w.text, symbol: near.symbols[0] });
      take(near.symbols[0], w.start, w.end);
    } else if (near.symbols.length > 1) {
      unsure.push({ written: w.text, candidates: near.symbols });
      spans.push({ start: w.start, end: w.end });
    }
  }

  // 'compare T and VZ': a ticker that is also a letter or a word counts in a list of other symbols.
  for (const w of listedLetters) {
    const listed = mentions.some(
      (m) =>
        LIST_JOIN.test(question.slice(m.end, w.start)) ||
        (m.at >= w.end && LIST_JOIN.test(question.slice(w.end, m.at))),
    );
    if (listed && !overlaps(spans, w.start, w.end)) take(w.text, w.start, w.end);
  }
  mentions.sort((a, b) => a.at - b.at);
  const symbols: string[] = [];
  for (const { symbol } of mentions) if (!symbols.includes(symbol)) symbols.push(symbol);
  // Two words of one name found apart ('goldmann' corrected, 'sachs' exact) are one mention.
  const merged: Mention[] = [];
  for (const m of mentions) {
    const last = merged[merged.length - 1];
    if (last && last.symbol === m.symbol && question.slice(last.end, m.at).trim() === '')
      last.end = Math.max(last.end, m.end);
    else merged.push({ ...m });
  }
  const unsureSpans = spans.filter((s) => !mentions.some((m) => m.at === s.start && m.end === s.end));
  return { symbols, guesses, unsure, spans: [...merged.map((m) => ({ start: m.at, end: m.end })), ...unsureSpans] };
}
