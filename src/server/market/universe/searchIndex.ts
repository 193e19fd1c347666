import type { LocalStock } from '../../../shared/market/localStocks';

/**
 * Ticker and name search over a fixed list, with the ranking of shared/market/localStocks.ts's searchLocalStocks
 * (exact symbol, symbol prefix, name prefix, name-word prefix, then a substring anywhere; ties: the popular names,
 * then list order; accents do not count) but without reading the list per query. That linear scan cost 22 µs a query over the 72
 * built-in names and would cost ~200 µs over the 640 of the universe; here every rank is a posting list sorted in
 * tie order, so a query reads only as many entries as it returns, plus the entries it must skip or check.
 */

/** Name and word prefixes are indexed up to this length; a longer query is checked against the candidates. */
const MAX_PREFIX = 12;
/** Substrings are indexed up to this length; a longer query is checked against its rarest substring's list. */
const MAX_GRAM = 3;
/** The word separators of searchLocalStocks. */
const WORD_SPLIT = /[\s.,&'-]+/;

/** Upper case without accents, so "nestle" finds Nestlé and "oreal" L'Oréal. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
}

interface Entry<T> {
  item: T;
  symbol: string;
  bare: string;
  name: string;
  words: string[];
}

function push(map: Map<string, number[]>, key: string, ordinal: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [ordinal]);
  else if (list[list.length - 1] !== ordinal) list.push(ordinal);
}

export class SymbolSearchIndex<T extends LocalStock> {
  /** Entries in tie order: the popular ones first, then the list's order. */
  private readonly entries: Entry<T>[];
  private readonly exact = new Map<string, number[]>();
  private readonly symbolPrefix = new Map<string, number[]>();
  private readonly namePrefix = new Map<string, number[]>();
  private readonly wordPrefix = new Map<string, number[]>();
  private readonly grams = new Map<string, number[]>();

  constructor(list: readonly T[], popular: ReadonlySet<string>) {
    const ordered = [...list.filter((s) => popular.has(s.symbol)), ...list.filter((s) => !popular.has(s.symbol))];
    this.entries = ordered.map((item) => {
      const bare = item.symbol.startsWith('^') ? item.symbol.slice(1) : item.symbol;
      const name = fold(item.name);
      return { item, symbol: item.symbol, bare, name, words: name.split(WORD_SPLIT) };
    });
    // Ordinals are added in increasing order, so every posting list comes out sorted in tie order.
    this.entries.forEach((entry, ordinal) => {
      for (const symbol of new Set([entry.symbol, entry.bare])) {
        push(this.exact, symbol, ordinal);
        for (let n = 1; n <= symbol.length; n++) push(this.symbolPrefix, symbol.slice(0, n), ordinal);
      }
      for (let n = 1; n <= Math.min(entry.name.length, MAX_PREFIX); n++)
        push(this.namePrefix, entry.name.slice(0, n), ordinal);
      const wordKeys = new Set<string>();
      for (const word of entry.words)
        for (let n = 1; n <= Math.min(word.length, MAX_PREFIX); n++) wordKeys.add(word.slice(0, n));
      for (const key of wordKeys) push(this.wordPrefix, key, ordinal);
      const gramKeys = new Set<string>();
      for (const text of [entry.name, entry.symbol])
        for (let n = 1; n <= MAX_GRAM; n++)
          for (let i = 0; i + n <= text.length; i++) gramKeys.add(text.slice(i, i + n));
      for (const key of gramKeys) push(this.grams, key, ordinal);
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /** The best `limit` matches of `query`, as searchLocalStocks would rank them. Blank queries match nothing. */
  search(query: string, limit: number): T[] {
    const q = fold(query.trim());
    if (!q || limit <= 0) return [];
    const taken = new Set<number>();
    const out: T[] = [];
    // Each rank's list, sorted in tie order, with the check a candidate must pass when the list is wider than the
    // rank (a longer query than the keys go, or a substring longer than the indexed ones).
    const ranks: Array<[number[] | undefined, ((e: Entry<T>) => boolean) | null]> = [
      [this.exact.get(q), null],
      [this.symbolPrefix.get(q), null],
      q.length <= MAX_PREFIX
        ? [this.namePrefix.get(q), null]
        : [this.namePrefix.get(q.slice(0, MAX_PREFIX)), (e) => e.name.startsWith(q)],
      q.length <= MAX_PREFIX
        ? [this.wordPrefix.get(q), null]
        : [this.wordPrefix.get(q.slice(0, MAX_PREFIX)), (e) => e.words.some((w) => w.startsWith(q))],
      q.length <= MAX_GRAM
        ? [this.grams.get(q), null]
        : [this.rarestGram(q), (e) => e.name.includes(q) || e.symbol.includes(q)],
    ];
    for (const [list, check] of ranks) {
      if (!list) continue;
      for (const ordinal of list) {
        if (taken.has(ordinal)) continue;
        const entry = this.entries[ordinal];
        if (check && !check(entry)) continue;
        taken.add(ordinal);
        out.push(entry.item);
        if (out.length === limit) return out;
      }
    }
    return out;
  }

  /** The shortest posting list among the query's substrings of the indexed length: every match is in it. */
  private rarestGram(q: string): number[] | undefined {
    let best: number[] | undefined;
    for (let i = 0; i + MAX_GRAM <= q.length; i++) {
      const list = this.grams.get(q.slice(i, i + MAX_GRAM));
      if (!list) return undefined;
      if (!best || list.length < best.length) best = list;
    }
    return best;
  }
}
