import { features } from './features';

/**
 * A multinomial naive-Bayes classifier over the features of features.ts: counts per label scaled to equal totals,
 * add-alpha smoothing, equal priors (the training set's sizes say how many paraphrases were written, not how often
 * people ask).
 * Training is one pass over the examples; classifying costs the question's features times the labels.
 */

export interface Scored<L extends string> {
  label: L;
  /** Posterior probability among the labels. */
  probability: number;
}

export interface Classification<L extends string> {
  ranked: Scored<L>[];
  /** How many of the question's words the training data has seen (0: nothing to go on). */
  knownWords: number;
  words: number;
}

const ALPHA = 0.1;

export class NaiveBayes<L extends string> {
  /** Feature to its row in `counts` (one slot per label). */
  private readonly rows = new Map<string, number>();
  private counts = new Float64Array(1 << 16);
  private readonly totals: Float64Array;
  /** Per label: the factor that gives every label the same total count, and the log of that total. */
  private scales: Float64Array | null = null;
  private denominator = 0;

  constructor(readonly labels: readonly L[]) {
    this.totals = new Float64Array(labels.length);
  }

  add(text: string, label: L): void {
    const l = this.labels.indexOf(label);
    if (l < 0) throw new Error(`Unknown label ${label}`);
    const width = this.labels.length;
    for (const [f, w] of features(text)) {
      let row = this.rows.get(f);
      if (row === undefined) {
        row = this.rows.size;
        this.rows.set(f, row);
        if ((row + 1) * width > this.counts.length) {
          const grown = new Float64Array(this.counts.length * 2);
          grown.set(this.counts);
          this.counts = grown;
        }
      }
      this.counts[row * width + l] += w;
      this.totals[l] += w;
    }
    this.scales = null;
  }

  /**
   * Every label weighs the same in total: a label with many paraphrases would otherwise spread its probability over
   * more words, and lose to a small label on any word the two share ('price of …' is not about options).
   */
  private balance(): void {
    const trained = Array.from(this.totals).filter((t) => t > 0);
    const mean = trained.reduce((a, b) => a + b, 0) / Math.max(1, trained.length);
    this.scales = Float64Array.from(this.totals, (t) => (t > 0 ? mean / t : 0));
    this.denominator = Math.log(mean + ALPHA * this.rows.size);
  }

  /** Words the training data has seen (feature 'w:'), for telling a question apart from gibberish. */
  vocabulary(): Set<string> {
    const out = new Set<string>();
    for (const f of this.rows.keys()) if (f.startsWith('w:')) out.add(f.slice(2));
    return out;
  }

  classify(text: string): Classification<L> {
    const width = this.labels.length;
    if (!this.scales) this.balance();
    const scales = this.scales!;
    const scores = new Float64Array(width);
    let knownWords = 0;
    let words = 0;
    for (const [f, w] of features(text)) {
      const row = this.rows.get(f);
      if (f.startsWith('w:')) {
        words++;
        if (row !== undefined) knownWords++;
      }
      // A feature no label has seen says nothing about which label it is.
      if (row === undefined) continue;
      for (let l = 0; l < width; l++) {
        scores[l] += w * (Math.log(this.counts[row * width + l] * scales[l] + ALPHA) - this.denominator);
      }
    }
    const max = Math.max(...scores);
    const exp = Array.from(scores, (s) => Math.exp(s - max));
    const sum = exp.reduce((a, b) => a + b, 0);
    const ranked = this.labels
      .map((label, l) => ({ label, probability: exp[l] / sum }))
      .sort((a, b) => b.probability - a.probability);
    return { ranked, knownWords, words };
  }
}
