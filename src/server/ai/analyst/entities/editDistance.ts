/**
 * Optimal-string-alignment distance (Levenshtein plus the swap of two neighbours, the commonest typo: 'nivdia'),
 * stopped as soon as it must exceed `max`: a typo check compares short words and only cares about small distances,
 * so most comparisons end after a row or two.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2] + 1);
      row.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length];
}

/** Every string made by deleting up to `depth` characters (the word itself included): the keys of a SymSpell index. */
export function deletions(word: string, depth: number): Set<string> {
  const out = new Set([word]);
  let frontier = [word];
  for (let d = 0; d < depth; d++) {
    const next: string[] = [];
    for (const w of frontier) {
      if (w.length <= 1) continue;
      for (let i = 0; i < w.length; i++) {
        const shorter = w.slice(0, i) + w.slice(i + 1);
        if (!out.has(shorter)) {
          out.add(shorter);
          next.push(shorter);
        }
      }
    }
    frontier = next;
  }
  return out;
}

/**
 * Words within a small edit distance of a query, found without comparing against every word: each word is filed
 * under the strings its deletions make, and a query looks up its own deletions (the SymSpell scheme). The cost of a
 * look-up depends on the query's length, not on how many words there are.
 */
export class FuzzyIndex<T> {
  private readonly byDeletion = new Map<string, Set<string>>();
  private readonly values = new Map<string, T[]>();

  /**
   * `depth`: how many deletions are filed per word; words shorter than `longFrom` get one less (a short word is only
   * matched within one edit, and filing fewer deletions keeps building the index cheap).
   */
  constructor(
    private readonly depth: number,
    private readonly longFrom = 0,
  ) {}

  /** Files a word, with a value when given (a word may be known without values: found, but standing for nothing). */
  add(word: string, value?: T): void {
    const list = this.values.get(word);
    if (list) {
      if (value !== undefined && !list.includes(value)) list.push(value);
      return;
    }
    this.values.set(word, value === undefined ? [] : [value]);
    for (const key of deletions(word, word.length >= this.longFrom ? this.depth : Math.max(1, this.depth - 1))) {
      let words = this.byDeletion.get(key);
      if (!words) this.byDeletion.set(key, (words = new Set()));
      words.add(word);
    }
  }

  has(word: string): boolean {
    return this.values.has(word);
  }

  /** Every word filed. */
  keys(): IterableIterator<string> {
    return this.values.keys();
  }

  get(word: string): readonly T[] {
    return this.values.get(word) ?? [];
  }

  /** The words nearest to `query` within `max` edits (max <= depth), with their distance; empty when none. */
  nearest(
    query: string,
    max: number,
    accept: (word: string) => boolean = () => true,
  ): { words: string[]; distance: number } {
    const seen = new Set<string>();
    let best = max + 1;
    let words: string[] = [];
    for (const key of deletions(query, Math.min(max, this.depth))) {
      for (const word of this.byDeletion.get(key) ?? []) {
        if (seen.has(word)) continue;
        seen.add(word);
        if (!accept(word)) continue;
        const d = editDistance(query, word, max);
        if (d < best) {
          best = d;
          words = [word];
        } else if (d === best) {
          words.push(word);
        }
      }
    }
    return best > max ? { words: [], distance: best } : { words, distance: best };
  }
}

/**
 * Whether `typed` is `meant` with one of the commonest slips of the keyboard: two neighbouring letters swapped
 * ('waht', 'costoc') or a doubled letter typed once ('aple', 'comcast' for 'commcast'). Between two words one edit
 * away, the one reached by such a slip is the likelier meant.
 */
export function likelyTypo(typed: string, meant: string): boolean {
  if (typed.length === meant.length) {
    const at = [...typed].findIndex((c, i) => c !== meant[i]);
    return (
      at >= 0 &&
      at + 1 < typed.length &&
      typed[at] === meant[at + 1] &&
      typed[at + 1] === meant[at] &&
      typed.slice(at + 2) === meant.slice(at + 2)
    );
  }
  if (typed.length + 1 !== meant.length) return false;
  const at = [...meant].findIndex((c, i) => c !== typed[i]);
  const gap = at < 0 ? meant.length - 1 : at;
  return gap > 0 && meant[gap] === meant[gap - 1] && meant.slice(gap + 1) === typed.slice(gap);
}
