import { INTENTS, type Intent } from './labels';
import { SoftmaxClassifier, type SerializedModel } from './logistic';
import { trainingExamples } from './training';

/** What `npm run intents:train` writes to model.generated.json. */
export interface GeneratedModel extends SerializedModel {
  /** sha-256 of the training examples and the training code the model was made from (sourceHash.ts). */
  sourceHash: string;
  examples: number;
}

/**
 * Trains a model on the paraphrases: the generator script calls it, and the tests (with `holdOut: k`, every k-th
 * paraphrase left out to score the model on); the server never does.
 */
export function trainIntentClassifier(options: { holdOut?: number } = {}): SoftmaxClassifier<Intent> {
  const classifier = new SoftmaxClassifier<Intent>(INTENTS);
  trainingExamples().forEach(({ text, intent }, i) => {
    if (!options.holdOut || i % options.holdOut !== 0) classifier.add(text, intent);
  });
  classifier.train();
  return classifier;
}
