import { features } from './features';

/**
 * Multinomial logistic regression (softmax) over the features of features.ts, trained by a few passes of stochastic
 * gradient descent. Unlike naive Bayes it weighs a word by how well it tells the labels apart: 'price of' counts
 * for the price label because it is everywhere there, not against it because it is rarer there than in a small
 * label. Weights live in one typed array (features x labels); each example's features are computed once.
 */

const EPOCHS = 3;
const LEARNING_RATE = 0.5;
const L2 = 1e-6;

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

/** A trained model as the generated file keeps it: per feature, the labels it speaks for and how strongly. */
export interface SerializedModel {
  labels: string[];
  bias: number[];
  /** [feature, label index, weight, label index, weight, ...]; weights under PRUNE are left out. */
  features: (string | number)[][];
}

/** Weights smaller than this change no decision: left out of the generated file (a few hundred KB instead of MB). */
const PRUNE = 0.05;
const round = (x: number) => Math.round(x * 100) / 100;

interface Example {
  rows: Int32Array;
  weights: Float32Array;
  label: number;
}

export class SoftmaxClassifier<L extends string> {
  private readonly rows = new Map<string, number>();
  private readonly examples: Example[] = [];
  private weights = new Float32Array(0);
  private bias: Float32Array;
  private trained = false;

  constructor(readonly labels: readonly L[]) {
    this.bias = new Float32Array(labels.length);
  }

  private encode(text: string, grow: boolean): { rows: Int32Array; weights: Float32Array } {
    const rows: number[] = [];
    const weights: number[] = [];
    for (const [f, w] of features(text)) {
      let row = this.rows.get(f);
      if (row === undefined) {
        if (!grow) continue;
        row = this.rows.size;
        this.rows.set(f, row);
      }
      rows.push(row);
      weights.push(w);
    }
    return { rows: Int32Array.from(rows), weights: Float32Array.from(weights) };
  }

  add(text: string, label: L): void {
    const l = this.labels.indexOf(label);
    if (l < 0) throw new Error(`Unknown label ${label}`);
    this.examples.push({ ...this.encode(text, true), label: l });
    this.trained = false;
  }

  vocabulary(): Set<string> {
    const out = new Set<string>();
    for (const f of this.rows.keys()) if (f.startsWith('w:')) out.add(f.slice(2));
    return out;
  }

  private scores(rows: Int32Array, weights: Float32Array, out: Float64Array): void {
    const width = this.labels.length;
    for (let l = 0; l < width; l++) out[l] = this.bias[l];
    for (let i = 0; i < rows.length; i++) {
      const base = rows[i] * width;
      const w = weights[i];
      for (let l = 0; l < width; l++) out[l] += w * this.weights[base + l];
    }
    let max = -Infinity;
    for (let l = 0; l < width; l++) if (out[l] > max) max = out[l];
    let sum = 0;
    for (let l = 0; l < width; l++) sum += out[l] = Math.exp(out[l] - max);
    for (let l = 0; l < width; l++) out[l] /= sum;
  }

  train(): void {
    const width = this.labels.length;
    this.weights = new Float32Array(this.rows.size * width);
    this.bias = new Float32Array(width);
    const p = new Float64Array(width);
    // A fixed shuffle per epoch (a seeded permutation), so training is the same on every start.
    const order = this.examples.map((_, i) => i);
    let seed = 28;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) >>> 0) / 4_294_967_296;
    for (let epoch = 0; epoch < EPOCHS; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      const rate = LEARNING_RATE / (1 + epoch);
      for (const index of order) {
        const { rows, weights, label } = this.examples[index];
        this.scores(rows, weights, p);
        for (let l = 0; l < width; l++) {
          const g = p[l] - (l === label ? 1 : 0);
          // Labels the example already rules out barely move: skipping them is most of the speed.
          if (g > -1e-3 && g < 1e-3) continue;
          this.bias[l] -= rate * g;
          for (let i = 0; i < rows.length; i++) {
            const k = rows[i] * width + l;
            this.weights[k] -= rate * (g * weights[i] + L2 * this.weights[k]);
          }
        }
      }
    }
    this.trained = true;
  }

  /** The trained weights, pruned and rounded, in a stable order. */
  serialize(): SerializedModel {
    if (!this.trained) this.train();
    const width = this.labels.length;
    const features: (string | number)[][] = [];
    for (const [f, row] of [...this.rows].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const entry: (string | number)[] = [f];
      for (let l = 0; l < width; l++) {
        const w = this.weights[row * width + l];
        if (Math.abs(w) >= PRUNE) entry.push(l, round(w));
      }
      // Every word stays listed, so the model still knows which words it has seen.
      if (entry.length > 1 || f.startsWith('w:')) features.push(entry);
    }
    return { labels: [...this.labels], bias: Array.from(this.bias, round), features };
  }

  /** A classifier with the weights of a generated file (its labels must be these). */
  static load<L extends string>(labels: readonly L[], model: SerializedModel): SoftmaxClassifier<L> {
    if (model.labels.join() !== labels.join())
      throw new Error('The intent model was trained for other labels: retrain it.');
    const c = new SoftmaxClassifier(labels);
    const width = labels.length;
    c.weights = new Float32Array(model.features.length * width);
    model.features.forEach((entry, row) => {
      c.rows.set(entry[0] as string, row);
      for (let i = 1; i < entry.length; i += 2) c.weights[row * width + (entry[i] as number)] = entry[i + 1] as number;
    });
    c.bias = Float32Array.from(model.bias);
    c.trained = true;
    return c;
  }

  classify(text: string): Classification<L> {
    if (!this.trained) this.train();
    const { rows, weights } = this.encode(text, false);
    let words = 0;
    let knownWords = 0;
    for (const f of features(text).keys()) {
      if (!f.startsWith('w:')) continue;
      words++;
      if (this.rows.has(f)) knownWords++;
    }
    const p = new Float64Array(this.labels.length);
    this.scores(rows, weights, p);
    const ranked = this.labels
      .map((label, l) => ({ label, probability: p[l] }))
      .sort((a, b) => b.probability - a.probability);
    return { ranked, knownWords, words };
  }
}
