import generated from './model.generated.json';
import { INTENTS, type Intent } from './labels';
import { SoftmaxClassifier, type Classification } from './logistic';

/**
 * The intent classifier: multinomial logistic regression trained on the paraphrases in data/ by
 * `npm run intents:train`, which writes model.generated.json (a unit test checks that it matches the paraphrases
 * and the training code). Loading it takes milliseconds; nothing is downloaded.
 */

export interface IntentModel {
  classify(text: string): Classification<Intent>;
  /** Every word the paraphrases use: a word outside it is a name, a typo or noise. */
  vocabulary: ReadonlySet<string>;
}

let model: IntentModel | null = null;

export function intentModel(): IntentModel {
  if (!model) {
    const classifier = SoftmaxClassifier.load(INTENTS, generated);
    model = { classify: (text) => classifier.classify(text), vocabulary: classifier.vocabulary() };
  }
  return model;
}
