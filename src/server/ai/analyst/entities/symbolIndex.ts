import { FuzzyIndex, likelyTypo } from './editDistance';
import { nameKeys, NICKNAMES, normalizeName } from './nameKeys';
import { soundKey } from './soundKey';

/**
 * Every instrument of the market's universe by the ways people name it: its ticker, its name in full and in short,
 * its distinctive words, and nicknames. Built once per universe (a few milliseconds for hundreds of names); each
 * look-up then costs what the question's length costs, whatever the size of the universe.
 */

export interface Instrument {
  symbol: string;
  name: string;
}

/** Words of a name longer than this many words are not looked up together. */
export const MAX_NAME_WORDS = 5;
/** The shortest start of a name's word that stands for it ('pepsi' for 'pepsico'). */
const MIN_PREFIX = 5;
/** Words this long forgive two typos; shorter ones one (symbols.ts asks so, and the index files accordingly). */
const LONG_WORD = 6;
/** Typos up to two letters are forgiven in long words, one in short ones. */
const FUZZY_DEPTH = 2;

export interface SymbolIndex {
  readonly size: number;
  isTicker(symbol: string): boolean;
  /** The ticker written without its punctuation ('BRKB' for BRK.B, 'BTCUSD'), or undefined. */
  compactTicker(written: string): string | undefined;
  /** The instrument's name as the market gives it. */
  nameOf(symbol: string): string | undefined;
  /** Symbols a normalized phrase names exactly ('coca cola', 'apple'), or none. */
  byPhrase(phrase: string): readonly string[];
  /** True when the phrase is only a name when written with a capital ('Target', not 'price target'). */
  needsCapital(phrase: string): boolean;
  /** True when the phrase names a symbol only as the start of a name's word ('pepsi' for PepsiCo). */
  isPrefix(phrase: string): boolean;
  /** Name words and tickers near a misspelt word, by distance. */
  nearName(word: string, max: number): { symbols: string[]; distance: number; words: string[] };
  nearTicker(ticker: string): string[];
  /** The word of a name a misspelt word most likely is ('jhonson' -> 'johnson'), or null when none or several. */
  correct(word: string, max: number): string | null;
  /** True when a word is, or is one typo away from, a word questions use ('prce'): not a misspelt name then. */
  nearCommon(word: string): boolean;
  /** How far a word is from the nearest word questions use: 0, 1, or 2 for farther. */
  commonDistance(word: string): number;
}

export function buildSymbolIndex(instruments: readonly Instrument[], commonWords: ReadonlySet<string>): SymbolIndex {
  const tickers = new Map<string, string>();
  const compact = new Map<string, string>();
  const phrases = new Map<string, string[]>();
  /** Every word of a name (for correcting a misspelt word), with the symbol it stands for when it does alone. */
  const fuzzyNames = new FuzzyIndex<string>(FUZZY_DEPTH, LONG_WORD);
  const fuzzyTickers = new FuzzyIndex<string>(1);
  const wordOwners = new Map<string, Set<string>>();
  const fuzzyCommon = new FuzzyIndex<true>(1);
  for (const word of commonWords) if (word.length >= 3) fuzzyCommon.add(word, true);

  /**
   * One edit from a word questions use, unless a slip of the keyboard makes it a name's word and none makes it that
   * word ('costoc' is Costco, not 'costo'; 'aple' is Apple, not 'able'; 'waht' stays 'what').
   */
  const nearCommonWord = (word: string): boolean => {
    const common = fuzzyCommon.nearest(word, 1).words;
    if (common.length === 0) return false;
    if (common.some((w) => likelyTypo(word, w))) return true;
    const names = fuzzyNames.nearest(word, 1, (w) => fuzzyNames.get(w).length > 0);
    return !(names.distance === 1 && names.words.some((w) => likelyTypo(word, w)));
  };

  const addPhrase = (phrase: string, symbol: string) => {
    const list = phrases.get(phrase);
    if (!list) phrases.set(phrase, [symbol]);
    else if (!list.includes(symbol)) list.push(symbol);
  };

  for (const { symbol, name } of instruments) {
    tickers.set(symbol, name);
    if (/[.^-]/.test(symbol)) compact.set(symbol.replace(/[.^-]/g, ''), symbol);
    fuzzyTickers.add(symbol, symbol);
    const keys = nameKeys(name);
    for (const key of keys.full) addPhrase(key, symbol);
    for (const word of keys.words) {
      let owners = wordOwners.get(word);
      if (!owners) wordOwners.set(word, (owners = new Set()));
      owners.add(symbol);
    }
  }
  // A word stands for a name alone only when no other name has it ('apple'; not 'united'); so does its start when
  // long enough and no other name's word starts so ('pepsi' for PepsiCo).
  const prefixes = new Map<string, Set<string>>();
  for (const [word, owners] of wordOwners) {
    if (owners.size !== 1) continue;
    addPhrase(word, [...owners][0]);
    for (let n = Math.max(MIN_PREFIX, word.length - 3); n < word.length; n++) {
      const prefix = word.slice(0, n);
      let set = prefixes.get(prefix);
      if (!set) prefixes.set(prefix, (set = new Set()));
      set.add([...owners][0]);
    }
  }
  const prefixKeys = new Set<string>();
  for (const [prefix, owners] of prefixes) {
    if (owners.size === 1 && !phrases.has(prefix) && !commonWords.has(prefix)) {
      addPhrase(prefix, [...owners][0]);
      prefixKeys.add(prefix);
    }
  }
  // A nickname means its one symbol, whatever names share the word ('the Dow' is the index, not Dow Inc.).
  const nicknames = new Set<string>();
  for (const [nickname, symbol] of Object.entries(NICKNAMES)) {
    if (!tickers.has(symbol)) continue;
    phrases.set(nickname, [symbol]);
    nicknames.add(nickname);
  }
  // One company listed twice ('Shopify' in New York and Toronto, Alphabet's two classes): its first listing, the
  // universe lists the primary one first.
  const order = new Map(instruments.map((i, n) => [i.symbol, n]));
  const plainName = (symbol: string) => nameKeys(tickers.get(symbol) ?? '').full.at(-1);
  for (const [phrase, symbols] of phrases) {
    if (symbols.length > 1 && new Set(symbols.map(plainName)).size === 1) {
      phrases.set(phrase, [symbols.reduce((a, b) => (order.get(a)! <= order.get(b)! ? a : b))]);
    }
  }
  // Typos are looked for among single words: whole names are typed as words ('microsfot', 'coka cola').
  for (const [phrase, symbols] of phrases) {
    // Starts of words are exact keys only: a typo is measured against whole words.
    if (prefixKeys.has(phrase)) continue;
    for (const word of phrase.split(' ')) {
      if (word.length < 4 || !/^[a-z]+$/.test(word)) continue;
      fuzzyNames.add(word);
      const own = phrases.get(word);
      if (own && own.length === 1) fuzzyNames.add(word, own[0]);
      else if (!phrase.includes(' ')) for (const s of symbols) fuzzyNames.add(word, s);
    }
  }

  // Names spelled as they sound ('netflicks', 'fizer'): each name word that stands for a symbol alone, by its sound.
  const bySound = new Map<string, Set<string>>();
  for (const word of fuzzyNames.keys()) {
    const symbols = fuzzyNames.get(word);
    if (symbols.length === 0) continue;
    const key = soundKey(word);
    let set = bySound.get(key);
    if (!set) bySound.set(key, (set = new Set()));
    for (const s of symbols) set.add(s);
  }

  /** Among words as near, the ones that start like the word ('tesla' for 'tesler', not 'tyler'). */
  const startingAlike = (word: string, candidates: string[]) => {
    const shared = (w: string) => {
      let n = 0;
      while (n < w.length && w[n] === word[n]) n++;
      return n;
    };
    const longest = Math.max(0, ...candidates.map(shared));
    return candidates.filter((w) => shared(w) === longest);
  };

  return {
    size: tickers.size,
    correct(word, max) {
      const best = startingAlike(word, fuzzyNames.nearest(word, max).words);
      return best.length === 1 ? best[0] : null;
    },
    isTicker: (symbol) => tickers.has(symbol),
    compactTicker: (written) => compact.get(written.toUpperCase()),
    nameOf: (symbol) => tickers.get(symbol),
    byPhrase: (phrase) => phrases.get(normalizeName(phrase)) ?? [],
    isPrefix: (phrase) => prefixKeys.has(normalizeName(phrase)),
    needsCapital: (phrase) => {
      const normal = normalizeName(phrase);
      return !nicknames.has(normal) && normal.split(' ').every((w) => commonWords.has(w));
    },
    nearName(word, max) {
      // The nearest words that stand for a symbol alone.
      const near = fuzzyNames.nearest(word, max, (w) => fuzzyNames.get(w).length > 0);
      const words = startingAlike(word, near.words);
      const symbols = [...new Set(words.flatMap((w) => fuzzyNames.get(w)))];
      if (symbols.length === 0 && word.length >= 5) {
        const sounds = bySound.get(soundKey(word));
        if (sounds) return { symbols: [...sounds], distance: max, words: [] };
      }
      return { symbols, distance: near.distance, words };
    },
    // The universe's order first: its popular names lead.
    nearTicker: (ticker) => fuzzyTickers.nearest(ticker, 1).words.sort((a, b) => order.get(a)! - order.get(b)!),
    nearCommon: (word) => commonWords.has(word) || nearCommonWord(word),
    commonDistance: (word) => (commonWords.has(word) ? 0 : nearCommonWord(word) ? 1 : 2),
  };
}
