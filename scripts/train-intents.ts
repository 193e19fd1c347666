// `npm run intents:train`: trains the analyst's intent classifier on the paraphrases in
// src/server/ai/analyst/intents/data and writes model.generated.json beside them. Run it after changing a
// paraphrase, a label or the classifier; tests/unit/analyst-intents.test.ts fails until the file is up to date.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { trainIntentClassifier, type GeneratedModel } from '../src/server/ai/analyst/intents/train';
import { intentSourceHash } from '../src/server/ai/analyst/intents/sourceHash';
import { trainingExamples } from '../src/server/ai/analyst/intents/training';

const started = performance.now();
const examples = trainingExamples();
const model: GeneratedModel = {
  sourceHash: intentSourceHash(),
  examples: examples.length,
  ...trainIntentClassifier().serialize(),
};
const file = join(import.meta.dirname, '../src/server/ai/analyst/intents/model.generated.json');
// One feature per line: diffs stay readable, and the file small.
const body = [
  '{',
  `"sourceHash": ${JSON.stringify(model.sourceHash)},`,
  `"examples": ${model.examples},`,
  `"labels": ${JSON.stringify(model.labels)},`,
  `"bias": ${JSON.stringify(model.bias)},`,
  '"features": [',
  model.features.map((f) => JSON.stringify(f)).join(',\n'),
  ']',
  '}',
  '',
].join('\n');
writeFileSync(file, body);
console.log(
  `Trained on ${model.examples} paraphrases in ${Math.round(performance.now() - started)} ms: ${model.features.length} features, ${Math.round(body.length / 1024)} KB`,
);
