import { INTENTS, type Intent } from './labels';
import { SoftmaxClassifier, type SerializedModel } from './logistic';
import { trainingExamples } from './training';

/** What `npm run intents:train` writes to model.generated.json. */
export interface GeneratedModel extends SerializedModel {
  /** sha-256 of the training examples and the training code the model was made from (sourceHash.ts). */
  sourceHash: string;
  examples: number;
}

/** Trains a model on the paraphrases: the generator script and the up-to-date test call it, the server never does. */
export function trainIntentClassifier(): SoftmaxClassifier<Intent> {
  const classifier = new SoftmaxClassifier<Intent>(INTENTS);
  for (const { text, intent } of trainingExamples()) classifier.add(text, intent);
  classifier.train();
  return classifier;
}
